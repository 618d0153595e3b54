// The desk's surface: its seven verbs, in the spec's order.
import type { Row } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import type { DeskState } from '../../domain/state.ts';
import { closeLeaseRow } from './close-lease.ts';
import { commitPlanRow } from './commit-plan.ts';
import { draftPlanRow } from './draft-plan.ts';
import { findCapacityRow } from './find-capacity.ts';
import { intakeRequestRow } from './intake-request.ts';
import { openLeaseRow } from './open-lease.ts';
import { readLedgerRow } from './read-ledger.ts';

export function deskRows(desk: DeskRuntime): Row<DeskState>[] {
  return [
    intakeRequestRow(desk),
    openLeaseRow(desk),
    findCapacityRow(desk),
    draftPlanRow(desk),
    commitPlanRow(desk),
    closeLeaseRow(desk),
    readLedgerRow(desk),
  ] as Row<DeskState>[];
}
