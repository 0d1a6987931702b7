import { createHash } from "crypto";
import type { Request, Response } from "express";

/** Default lifetime of a session token, in seconds. */
export const SESSION_TTL_SECONDS = 3600;

export type UserId = string;

/** A user as stored in the accounts table. */
export interface User {
  id: UserId;
  email: string;
  passwordHash: string;
  roles: string[];
}

export enum Role {
  Admin = "admin",
  Member = "member",
}

/**
 * Check a password against the stored hash and return the user when it matches.
 */
export async function authenticate(email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(email);
  if (!user) {
    return null;
  }
  const digest = createHash("sha256").update(password).digest("hex");
  return digest === user.passwordHash ? user : null;
}

const findUserByEmail = async (email: string): Promise<User | undefined> => {
  return USERS.find((u) => u.email === email.toLowerCase());
};

export class SessionStore {
  private sessions = new Map<string, { user: User; expires: number }>();

  /** Create a session for the user and return its token. */
  open(user: User): string {
    const token = createHash("sha256").update(user.id + Date.now()).digest("hex");
    this.sessions.set(token, { user, expires: Date.now() + SESSION_TTL_SECONDS * 1000 });
    return token;
  }

  /** The user of a live session, or undefined once it has expired. */
  lookup(token: string): User | undefined {
    const entry = this.sessions.get(token);
    if (!entry || entry.expires < Date.now()) {
      this.sessions.delete(token);
      return undefined;
    }
    return entry.user;
  }
}

const USERS: User[] = [];

export function requireLogin(req: Request, res: Response, next: () => void): void {
  if (!req.headers.authorization) {
    res.status(401).send("login required");
    return;
  }
  next();
}
