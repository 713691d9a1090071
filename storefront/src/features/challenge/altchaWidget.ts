// The ALTCHA widget, loaded only when the store asks for a challenge (HumanCheck): never in a page's first
// load. Its CSP-friendly build: the styles come as a stylesheet and the proof of work runs in a worker
// served from the store's own origin (the default build starts its workers from blob: URLs, which the
// store's Content-Security-Policy refuses).
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type {} from 'altcha/types/global';

// The one algorithm the store's challenges use (GET /api/challenge).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
