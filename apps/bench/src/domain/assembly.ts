// The assembly the bench serves: who it is, its size and its quorum, from its bylaws.

/** The assembly the bench serves. Board size and quorum come from its bylaws. */
export const ASSEMBLY = {
  name: 'Kestrel Valley Seed Library',
  body: 'Board of Trustees',
  boardSize: 9,
  quorum: 5,
  quorumSource: 'Bylaws Art. V §2',
  authority: "Robert's Rules of Order Newly Revised, 12th edition",
} as const;
