import { InertText } from '@warrant/ui';

// A line of the minutes as a person sees it: the bench's own words as they are, and each
// member's words (a «…» region, which member text cannot close) marked as data, so what a member
// said can never pass for an entry the clerk wrote.

const REGION = /(«[^«»]*»)/;

export function MinuteWords({ text }: { text: string }) {
  return (
    <>
      {text.split(REGION).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} class="member-words">
            <InertText text={part} />
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
