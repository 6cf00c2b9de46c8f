/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    actor: import('./lib/server/auth/actor.ts').Actor;
  }
}

declare module 'open-props/style';
