import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/infrastructure/logger.js';

describe('logger redaction', () => {
  it('never writes secrets or credentials', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info(
      {
        clientSecret: 'cs_TOPSECRET',
        integration: { webhookSecret: 'whsec_TOPSECRET' },
        body: { signature: 'sig_TOPSECRET' },
      },
      'x',
    );
    logger.info({ req: { headers: { authorization: 'Bearer TOPSECRET', 'x-signature': 'TOPSECRET' } } }, 'y');
    const text = lines.join('');
    expect(text).to.not.contain('TOPSECRET');
    expect(text).to.contain('[Redacted]');
  });

  it('never writes an API key, in a header or a field', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    logger.info({ req: { headers: { 'x-api-key': 'ak_TOPSECRET' } } }, 'a');
    logger.info({ headers: { 'x-api-key': 'ak_TOPSECRET' } }, 'b');
    logger.info({ apiKey: 'ak_TOPSECRET', issued: { apiKey: 'ak_TOPSECRET' } }, 'c');
    expect(lines).to.have.length(3);
    const text = lines.join('');
    expect(text).to.not.contain('TOPSECRET');
    expect(text.match(/\[Redacted\]/g)).to.have.length(4);
  });
});
