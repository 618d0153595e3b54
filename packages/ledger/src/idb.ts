// Promises over the few IndexedDB requests the log makes. Awaiting one of these inside a
// transaction keeps the transaction alive: the continuation runs in the request's success event,
// before the transaction can commit. Awaiting anything else (a timer, a fetch) would let it
// commit early, so the log never does.

export function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction has committed, which is when what it wrote is on disk. */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    // A failed request reaches the transaction first; its error says why (a ConstraintError, a full disk).
    transaction.onerror = (event) =>
      reject(
        (event.target as IDBRequest | null)?.error ?? transaction.error ?? new Error('IndexedDB transaction failed'),
      );
    transaction.onabort = () =>
      reject(transaction.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
}

export function openDatabase(
  factory: IDBFactory,
  name: string,
  version: number,
  upgrade: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB would not open'));
    request.onblocked = () =>
      reject(new DOMException('Another tab holds an older version of this database open', 'InvalidStateError'));
  });
}
