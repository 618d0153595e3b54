// What the verbs take from the code that hashes (SHA-256, canonical JSON) and, with the ledger's
// codec, signs (Ed25519): loaded at a verb's first use, not with the page. The verbs are made and
// the always-on ones registered in the page's first task (main.tsx); what hashes is needed only
// once a plan is digested or the record is written out as TSV, and by then the record has been
// read (calls wait for it), so this chunk is usually already there.
export { digestPlan } from '@warrant/broker';
export { serialiseLedger } from '@warrant/ledger';
