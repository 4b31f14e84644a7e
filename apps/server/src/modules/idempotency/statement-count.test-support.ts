import type { Db } from '../../db/client';

// test/round-trips.ts counts the statements sent through the handle's own `query`; a transaction's statements go
// through another door (PGlite's transaction object, a client checked out of node-postgres's pool), and a keyed
// save is mostly a transaction. This counts both, BEGIN and COMMIT included.

type Query = (...args: unknown[]) => Promise<unknown>;
interface Sender {
  query: Query;
  exec?: Query;
}
interface Driver extends Sender {
  transaction?: (fn: (tx: Sender) => Promise<unknown>) => Promise<unknown>;
  connect?: () => Promise<Sender>;
}

/** Counts every statement `db` sends from now until `restore`. */
export function countStatements(db: Db) {
  const driver = (db._.session as unknown as { client: Driver }).client;
  let count = 0;
  let counting = true;
  const counted = <F extends Query>(send: F, self: unknown): F =>
    (async (...args: unknown[]) => {
      if (counting) count += 1;
      return send.apply(self, args);
    }) as F;
  const keys = ['query', 'transaction', 'connect'] as const;
  const own = keys.filter((key) => Object.hasOwn(driver, key));
  const originals = { query: driver.query, transaction: driver.transaction, connect: driver.connect };
  driver.query = counted(driver.query, driver);
  if (originals.transaction) {
    const begin = originals.transaction;
    // PGlite: BEGIN and COMMIT (or ROLLBACK) are sent by `transaction` itself.
    driver.transaction = (fn) =>
      begin.call(driver, (tx) => {
        if (counting) count += 2;
        tx.query = counted(tx.query, tx);
        if (tx.exec) tx.exec = counted(tx.exec, tx);
        return fn(tx);
      });
  }
  if (originals.connect) {
    const connect = originals.connect;
    // node-postgres: a transaction checks a client out (the promise form; the pool's own query uses the callback
    // form, already counted above) and sends BEGIN and COMMIT through it: counted there until it is released.
    driver.connect = ((...args: unknown[]) => {
      const checkedOut = connect.apply(driver, args as []) as
        Promise<Sender & { release: () => void }> | undefined;
      if (args.length > 0 || !checkedOut) return checkedOut;
      return checkedOut.then((client) => {
        const { query, release } = client;
        client.query = counted(query, client);
        client.release = (...rest: unknown[]) => {
          client.query = query;
          client.release = release;
          return (release as (...a: unknown[]) => void).apply(client, rest);
        };
        return client;
      });
    }) as Driver['connect'];
  }
  return {
    count: () => count,
    reset: () => void (count = 0),
    restore: () => {
      counting = false;
      // Back to the prototype's methods, or to the handle's own where it had them.
      for (const key of keys) delete (driver as Partial<Driver>)[key];
      for (const key of own) Object.assign(driver, { [key]: originals[key] });
    },
  };
}
