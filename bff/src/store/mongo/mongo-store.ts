import { MongoClient } from 'mongodb';
import {
  COLLECTION_NAMES,
  purgeExpired,
  withIndexes,
  type Collections,
  type Store,
} from '../model/collections';
import { GridFsBlobStore } from '../blobs/gridfs-blob-store';
import { migrate } from '../maintenance/migrate';
import { MongoCollection } from './mongo-collection';

export async function openMongo(uri: string, dbName: string): Promise<Store> {
  // ignoreUndefined: an undefined field is left out, as NeDB does, instead of being stored as null.
  const client = new MongoClient(uri, { ignoreUndefined: true, serverSelectionTimeoutMS: 15_000 });
  await client.connect();
  try {
    const db = client.db(dbName);
    const collections = await withIndexes(
      Object.fromEntries(
        COLLECTION_NAMES.map((name) => [name, new MongoCollection(db.collection(name))]),
      ) as unknown as Collections,
    );
    await migrate(collections);
    return {
      kind: 'mongodb',
      exclusive: false,
      collections,
      blobs: new GridFsBlobStore(db),
      ping: async () => {
        await db.command({ ping: 1 });
      },
      purgeExpired: (now) => purgeExpired(collections, now),
      close: () => client.close(),
    };
  } catch (err) {
    await client.close();
    throw err;
  }
}
