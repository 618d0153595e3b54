// The Millbrook Community Land Trust's bylaws: a board of fifteen whose quorum is a fraction of
// the board, "a majority of the directors in office" (more than half: 8 of 15).
import type { BylawsFile } from './bylaws-file.ts';

export const MILLBROOK_COMMUNITY_LAND_TRUST = {
  id: 'millbrook-community-land-trust',
  name: 'Millbrook Community Land Trust',
  body: 'Board of Directors',
  authority: "Robert's Rules of Order Newly Revised, 12th edition",
  boardSize: 15,
  quorum: {
    kind: 'fraction',
    numerator: 1,
    denominator: 2,
    rounding: 'more_than',
    words: 'a majority of the directors in office',
  },
  quorumSource: 'Bylaws Art. IV §6',
  members: [
    'Abena Mensah',
    'Bram Lindqvist',
    'Carmen Iturbe',
    'Declan Farrow',
    'Esther Nakamura',
    'Felix Abernathy',
    'Gwen Tolliver',
    'Hamid Sadeghi',
    'Ines Marchetti',
    'Jonah Whitcombe',
    'Kalani Akana',
    'Lorna MacBride',
    'Mateo Quiroga',
    'Nell Ashby',
    'Orrin Castellanos',
  ],
} as const satisfies BylawsFile;
