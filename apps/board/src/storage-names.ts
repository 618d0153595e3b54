// Where the board keeps its record in IndexedDB (an @warrant/ledger log of that name). Data only,
// so a browser test can reach the same record without loading the app.
export const BOARD_RECORD = 'warrant-board-record';
