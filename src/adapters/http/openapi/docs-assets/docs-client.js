/* global window, document, crypto, TextEncoder, btoa, URL */
/**
 * The /docs page's set-up (no inline script: the page's Content-Security-Policy forbids it).
 * It starts swagger-ui on the service's OpenAPI document and signs every "Try it out" request
 * to the external API in the browser, as the README's "Signing a request" section and the
 * SDK's signing.ts do. The credentials are read from the panel's inputs when a request is made:
 * they live in this page only, are never stored, and the client secret is never sent.
 */
(function () {
  'use strict';

  const EXTERNAL_PREFIX = '/api/v1/external/';
  const ADMIN_PREFIX = '/api/v1/admin/';
  const SIGNED_BODY_METHODS = ['POST', 'PUT', 'PATCH'];
  const encoder = new TextEncoder();

  function field(id) {
    return document.getElementById(id);
  }

  function showStatus(text) {
    field('signing-status').textContent = text;
  }

  /** Base64 of bytes (standard alphabet, padded). */
  function base64(bytes) {
    let binary = '';
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  }

  /** A fresh nonce: 24 random bytes, base64url (32 characters of [A-Za-z0-9_-]). */
  function newNonce() {
    return base64(crypto.getRandomValues(new Uint8Array(24)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  }

  /** Lowercase hex HMAC-SHA256 of the Base64 of `text`'s UTF-8 bytes, keyed with the secret. */
  async function hmacHexOfBase64(secret, text) {
    const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(base64(encoder.encode(text)))));
    let hex = '';
    for (let i = 0; i < mac.length; i++) hex += mac[i].toString(16).padStart(2, '0');
    return hex;
  }

  function setHeader(req, name, value) {
    req.headers = req.headers || {};
    for (const key in req.headers) if (key.toLowerCase() === name) delete req.headers[key];
    req.headers[name] = value;
  }

  /** The JSON body swagger-ui built (a string as edited, or an object), as an object. */
  function bodyObject(body) {
    if (body === undefined || body === null || body === '') return {};
    if (typeof body === 'string') return JSON.parse(body);
    if (typeof body === 'object') return body;
    throw new Error('The request body is not JSON.');
  }

  async function signExternal(req, url) {
    const clientId = field('client-id').value.trim();
    const secret = field('client-secret').value;
    if (!clientId || !secret) {
      showStatus('Not signed: enter the client id and client secret above.');
      return req;
    }
    if (!crypto.subtle) {
      showStatus('Not signed: Web Crypto needs a secure page (https, or localhost).');
      return req;
    }
    const method = String(req.method || 'GET').toUpperCase();
    const nonce = newNonce();
    const timestamp = Date.now();
    setHeader(req, 'x-client-id', clientId);
    setHeader(req, 'x-nonce', nonce);
    setHeader(req, 'x-timestamp', String(timestamp));
    const apiKey = field('api-key').value.trim();
    if (apiKey) setHeader(req, 'x-api-key', apiKey);
    if (SIGNED_BODY_METHODS.indexOf(method) !== -1) {
      const body = bodyObject(req.body);
      const unsigned = {};
      for (const key in body)
        if (key !== 'nonce' && key !== 'timestamp' && key !== 'signature') unsigned[key] = body[key];
      unsigned.nonce = nonce;
      unsigned.timestamp = timestamp;
      unsigned.signature = await hmacHexOfBase64(secret, JSON.stringify(unsigned));
      req.body = JSON.stringify(unsigned);
      setHeader(req, 'content-type', 'application/json');
    }
    if (field('sign-reads').checked) {
      const line = method + '\n' + url.pathname + url.search + '\n' + timestamp + '\n' + nonce;
      setHeader(req, 'x-signature', await hmacHexOfBase64(secret, line));
    }
    showStatus('Signed ' + method + ' ' + url.pathname + ' at ' + new Date(timestamp).toISOString() + '.');
    return req;
  }

  async function requestInterceptor(req) {
    const url = new URL(req.url, window.location.href);
    if (url.origin !== window.location.origin) return req;
    if (url.pathname.indexOf(EXTERNAL_PREFIX) === 0) return signExternal(req, url);
    if (url.pathname.indexOf(ADMIN_PREFIX) === 0) {
      const token = field('admin-token').value.trim();
      if (token) setHeader(req, 'authorization', 'Bearer ' + token);
    }
    return req;
  }

  window.ui = window.SwaggerUIBundle({
    url: field('credentials').dataset.openapiUrl,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    requestInterceptor: function (req) {
      return requestInterceptor(req).catch(function (error) {
        showStatus('Not signed: ' + error.message);
        return req;
      });
    },
  });
})();
