// Every route module, registered in one place.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAuthRoutes } from './auth';
import { registerHealthRoutes } from './health';
import { registerUserRoutes } from './user';

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
}
