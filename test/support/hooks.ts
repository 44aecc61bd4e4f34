import * as chai from 'chai';
import chaiAsPromised from 'chai-as-promised';
import { closeTestDatabase } from './database.js';

chai.use(chaiAsPromised);

/** Root hooks: the shared test database is closed once, after every suite. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    await closeTestDatabase();
  },
};
