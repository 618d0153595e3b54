// Where the board keeps its state in IndexedDB. Data only, so a browser test can reach the same
// record without loading the app.
export const BOARD_DB = 'warrant-board';
export const BOARD_DB_VERSION = 1;
export const BOARD_STORE = 'board';
export const BOARD_KEY = 'state';
