// One webhook request: a POST of the recorded body, with a deadline, no redirects followed, and
// the address checked where the connection is made (address-policy.ts).

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './address-policy.js';

export interface SendOptions {
  timeout: number;
  allowPrivateAddresses: boolean;
}

/** status: the receiver's answer; error: why there was none (or why it counts as a failure). */
export interface SendResult { ok: boolean; status?: number; error?: string }

/** The most of an answer's body read (and thrown away): a receiver cannot make us buffer more. */
const MAX_ANSWER_BYTES = 64 * 1024;

class RefusedAddress extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new RefusedAddress(`${hostname} resolves to ${refused.address}, a private address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export function send(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, error: 'not a valid URL' });
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here
  if (isIP(host) && !options.allowPrivateAddresses && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, error: `refused: ${host} is a private address (webhooks.allowPrivateAddresses)` });
  }
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.resolve({ ok: false, error: `refused: ${target.protocol} is not http or https` });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivateAddresses),
      agent: false,
    }, (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const done = () => finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `answered ${status}` });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, error: `no answer within ${options.timeout} ms` });
    }, options.timeout);
    request.on('error', (err) => {
      finish({ ok: false, error: err instanceof RefusedAddress ? `refused: ${err.message} (webhooks.allowPrivateAddresses)` : err.message });
    });
    request.end(body);
  });
}
