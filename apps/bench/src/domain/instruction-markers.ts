// Words by which text addresses an assistant rather than the assembly: the marks of an injected
// instruction. Data, not a filter: matching text is still recorded verbatim, and the bench only
// tells the person that this quoted text gives orders it will not follow.

export const INSTRUCTION_MARKERS: readonly RegExp[] = [
  /\b(meeting |ai |virtual )?assistant\b/i,
  /\b(ignore|disregard)\b.{0,40}\binstructions?\b/i,
  /\bsystem\s*:/i,
  /\bdo not hold a vote\b/i,
  /\b(enter|record|mark)\b.{0,40}\b(carried|adopted)\b/i,
];
