// How the closet names its units and who takes readings. Data only.

export const UNIT_PATTERN = '^CU-[0-9]{1,2}$';

/** Who is on the readings rota. */
export const STAFF = ['Amara', 'Joel', 'Wen'] as const;

export const ITEM_MAX_LENGTH = 80;
export const MAX_BOXES_PER_SLOT = 20;
export const LOWEST_READING = -40;
export const HIGHEST_READING = 30;
