// SHA-256 hashes, random tokens and digit codes, and password hashing with Argon2id.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

// 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);
