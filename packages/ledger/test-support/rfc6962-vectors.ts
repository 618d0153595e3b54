// Published test vectors for the RFC 6962 / 9162 tree, as data: the values in
// transparency-dev/merkle's rfc6962 tests and testdata/{inclusion,consistency} (read from that
// repository; only the numbers and hashes are carried over). Hashes are base64, as there. Each
// happy path is followed, in the tests, by the corruptions that testdata derives from it
// (modified bits, preceding and trailing garbage, a removed or inserted component, wrong sizes,
// wrong or swapped roots), which must all fail.

/** The eight leaves of the reference tree, as hex. */
export const LEAVES_HEX = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];

export const EMPTY_ROOT_HEX = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** Leaf hash of the empty leaf. */
export const EMPTY_LEAF_HEX = '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d';
/** Leaf hash of the ASCII bytes "L123456". */
export const L123456_HEX = '395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56';
/** Node hash over the ASCII bytes "N123" and "N456". */
export const N123_N456_HEX = 'aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb';

export const ROOT_1 = 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=';
export const ROOT_8 = 'XcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=';

export interface InclusionVector {
  readonly leafIdx: number;
  readonly treeSize: number;
  readonly root: string;
  readonly leafHash: string;
  readonly proof: readonly string[] | null;
  readonly desc: string;
  readonly wantErr: boolean;
}

export interface ConsistencyVector {
  readonly size1: number;
  readonly size2: number;
  readonly root1: string;
  readonly root2: string;
  readonly proof: readonly string[] | null;
  readonly desc: string;
  readonly wantErr: boolean;
}

// testdata/inclusion/{0,1,2,3,4}/happy-path.json and the negative cases read from inclusion/1.
export const INCLUSION: readonly InclusionVector[] = [
  { leafIdx: 0, treeSize: 1, root: ROOT_1, leafHash: ROOT_1, proof: null, desc: 'happy path', wantErr: false },
  {
    leafIdx: 0,
    treeSize: 8,
    root: ROOT_8,
    leafHash: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
    desc: 'happy path',
    wantErr: false,
  },
  {
    leafIdx: 5,
    treeSize: 8,
    root: ROOT_8,
    leafHash: 'QnGia+DYqE8L1UyMMC58s6O10fpngKQLzOKHNHfatlg=',
    proof: [
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
    desc: 'happy path',
    wantErr: false,
  },
  {
    leafIdx: 2,
    treeSize: 3,
    root: 'rra8/idLcKFPsGel5VeCZNsPqbUa9eC6FZFY8yngbnc=',
    leafHash: 'ApjRIpBtz8EIkstTpzmS/FufST6kybrbJ7eRtBJ6f+c=',
    proof: ['+sVCA+fMaWzw38tCySodnbr3CtnmIfS9jZhmLwDjwSU='],
    desc: 'happy path',
    wantErr: false,
  },
  {
    leafIdx: 1,
    treeSize: 5,
    root: 'Tju7H3tHjc/nH7YxYxUZo7yhLJrvyhYSv85ME6hiZNQ=',
    leafHash: 'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
    proof: [
      'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms=',
    ],
    desc: 'happy path',
    wantErr: false,
  },
  {
    leafIdx: 0,
    treeSize: 8,
    root: ROOT_8,
    leafHash: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    proof: [
      '',
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
    desc: 'preceding garbage',
    wantErr: true,
  },
  {
    leafIdx: 0,
    treeSize: 8,
    root: ROOT_8,
    leafHash: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    proof: [
      'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
      'Vwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
      'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
    ],
    desc: 'modified proof[1] bit 3',
    wantErr: true,
  },
  {
    leafIdx: 0,
    treeSize: 8,
    root: ROOT_8,
    leafHash: 'bjQLnP+zepicpUTmu3gKLHiQHT+zNzh2hRGjBhevoB0=',
    proof: ['lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=', 'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4='],
    desc: 'removed component',
    wantErr: true,
  },
];

// testdata/consistency/{0,1,2,3,4}/happy-path.json and the negative cases read from consistency/1.
const PROOF_1_8 = [
  'lqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=',
  'Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=',
  'a0eq8p7jwq+a+Im8H7klTavTEXfxYjLdaqsDXKOb9uQ=',
];
export const CONSISTENCY: readonly ConsistencyVector[] = [
  { size1: 1, size2: 1, root1: ROOT_1, root2: ROOT_1, proof: null, desc: 'happy path', wantErr: false },
  { size1: 1, size2: 8, root1: ROOT_1, root2: ROOT_8, proof: PROOF_1_8, desc: 'happy path', wantErr: false },
  {
    size1: 6,
    size2: 8,
    root1: 'duZ9rbzfHhDht03cYIq9L5jfsW+851J3tSMqEn8gh+8=',
    root2: ROOT_8,
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'yoVOoSjtBQtBs1/8G4e46yveRh6eO1WW7Oa51ZdaCuA=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
    desc: 'happy path',
    wantErr: false,
  },
  {
    size1: 2,
    size2: 5,
    root1: '+sVCA+fMaWzw38tCySodnbr3CtnmIfS9jZhmLwDjwSU=',
    root2: 'Tju7H3tHjc/nH7YxYxUZo7yhLJrvyhYSv85ME6hiZNQ=',
    proof: ['Xwg/ChozygdqlSeYMlgNs+DvRYS9/x9UyKNg9Q3jAx4=', 'vBoGQ7EuTS18d5GPROD095qDi2z57FtcKD4fTYhZnms='],
    desc: 'happy path',
    wantErr: false,
  },
  {
    size1: 6,
    size2: 7,
    root1: 'duZ9rbzfHhDht03cYIq9L5jfsW+851J3tSMqEn8gh+8=',
    root2: '3bib5AOAnjJXUNPSY814kpwpQreUKjS3fhIslZSnTIw=',
    proof: [
      'DrxdNDf74tsVi58Sah0RjjCBgQMdCpSfje3t68VY72o=',
      'sIaT7C5yFZcTBkHoIR5+7cy0wmQTlj7ubB4u0W/7Gl8=',
      '037kGJdt2VdTwcc4Yrk5j6Kiz5tP8P3+izDNlSCWFLc=',
    ],
    desc: 'happy path',
    wantErr: false,
  },
  { size1: 1, size2: 8, root1: ROOT_1, root2: ROOT_8, proof: [], desc: 'empty proof', wantErr: true },
  {
    size1: 1,
    size2: 8,
    root1: ROOT_1,
    root2: ROOT_8,
    proof: ['hqKW0iTyhcZ77pPDD4owkVfw2qNdxbh+QQt4YwoJz8c=', PROOF_1_8[1] as string, PROOF_1_8[2] as string],
    desc: 'modified proof[0] bit 4',
    wantErr: true,
  },
  {
    size1: 1,
    size2: 8,
    root1: ROOT_1,
    root2: ROOT_8,
    proof: ['', ...PROOF_1_8],
    desc: 'preceding garbage',
    wantErr: true,
  },
  { size1: 1, size2: 8, root1: ROOT_8, root2: ROOT_1, proof: PROOF_1_8, desc: 'swapped roots', wantErr: true },
];
