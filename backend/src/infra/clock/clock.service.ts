import { Injectable } from '@nestjs/common';

/** "Now", injectable so tests can move time instead of waiting for it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
