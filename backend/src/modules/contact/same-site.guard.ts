import { ForbiddenException, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { coded } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { webOrigins } from '../../infra/http/cors.js';

export const CROSS_SITE_MESSAGE = 'This form can only be sent from the Redpen website.';

/** The origin a header names, `null` when it names none that can be trusted (`null`, unreadable), undefined when absent. */
function headerOrigin(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '' || value === 'null') return null;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a post that a page of another site made a browser send (a plain HTML form needs no CORS permission, so
 * CORS does not stop it): 403 `FORBIDDEN` when the Origin header, or without one the Referer, names another origin
 * than the web app's (`webOrigins`: WEB_ORIGIN, Vite's in development) or the request's own (the server serving
 * its own pages).
 *
 * `Origin: null` (or an unreadable header) names no origin: the site's own pages send it, since their
 * `Referrer-Policy: no-referrer` makes a browser send `null` for a form's POST, and so can another site's (a
 * sandboxed frame, a page with the same policy). It is accepted only when the browser itself says the request
 * comes from this origin, `Sec-Fetch-Site: same-origin` (a header no page can set). A request with neither Origin
 * nor Referer is refused when `Sec-Fetch-Site` says another site sent it, and let through otherwise: browsers send
 * an Origin with every cross-site POST, so it comes from a client that is not a browser, which no other site can
 * drive.
 */
@Injectable()
export class SameSiteGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = new Set(webOrigins(config));
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin !== undefined ? headerOrigin(request.headers.origin) : headerOrigin(request.headers.referer);
    const allowed =
      origin === undefined
        ? fetchSite !== 'cross-site' && fetchSite !== 'same-site'
        : origin === null
          ? fetchSite === 'same-origin'
          : this.allowed.has(origin) || origin === ownOrigin(request);
    if (allowed) return true;
    throw new ForbiddenException(coded('FORBIDDEN', CROSS_SITE_MESSAGE));
  }
}

/** The origin the request was sent to (scheme and Host, as forwarded by a trusted proxy), normalised as URL does. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
