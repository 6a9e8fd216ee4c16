import type { Adapter, AdapterPayload } from 'oidc-provider';

/*
 * Where an outside identity provider started by a test (oidc-provider) keeps its sessions,
 * interactions, codes and tokens: in the test's process, each entry until it expires.
 */

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export class TestIdpStore {
  readonly #entries = new Map<string, Entry>();

  get(key: string): AdapterPayload | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  set(key: string, payload: AdapterPayload, expiresInSeconds: number): void {
    this.#sweep();
    this.#entries.set(key, { payload, expiresAt: Date.now() + expiresInSeconds * 1000 });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }

  #sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
  }
}

/** One model's entries (Session, Interaction, AuthorizationCode, …) in the store. */
export function memoryAdapterFactory(store: TestIdpStore): (model: string) => Adapter {
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) =>
      store
        .keys()
        .filter((candidate) => candidate.startsWith(`${model}:`))
        .map((candidate) => store.get(candidate))
        .find((payload) => payload?.[field] === value);
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), payload, expiresIn);
      },
      async find(id) {
        return store.get(key(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const candidate of store.keys()) {
          if (store.get(candidate)?.grantId === grantId) store.delete(candidate);
        }
      },
    };
  };
}
