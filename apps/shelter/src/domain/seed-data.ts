// The shelter's week as seeded: beds already taken by guests booked in, by night (0 = the night
// the site was seeded), and a bed out of service. Data only.

export const TAKEN: ReadonlyArray<{ readonly night: number; readonly beds: readonly string[] }> = [
  { night: 0, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'D-08', 'D-09', 'D-11', 'F-2', 'A-2'] },
  { night: 1, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-09', 'F-2'] },
  { night: 2, beds: ['D-01', 'D-02', 'D-03', 'D-10', 'F-3'] },
  { night: 3, beds: ['D-01', 'D-02', 'A-1'] },
  { night: 4, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'F-1', 'F-2'] },
  { night: 5, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'D-08', 'D-09', 'D-10', 'D-11', 'F-1', 'F-2', 'F-3'] },
  { night: 6, beds: ['D-01', 'D-02'] },
];

export const OUT_OF_SERVICE: readonly string[] = ['D-07'];
