import { InertText } from '@warrant/ui';

/** The minute book: the record is the product's largest surface, and it exports as text. */
export function MinuteBook({ minutes, entries }: { minutes: string; entries: number }) {
  const download = (): void => {
    const url = URL.createObjectURL(new Blob([minutes], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'minutes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section class="panel minute-book" aria-labelledby="minutes-heading">
      <h2 id="minutes-heading">
        Minute book · <span id="entry-count">{entries}</span> entries{' '}
        <button type="button" class="link" id="export-minutes" onClick={download}>
          Export minutes
        </button>
      </h2>
      <pre id="minutes">
        <InertText text={minutes} />
      </pre>
    </section>
  );
}
