// Every route module, registered in one place.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerHealthRoutes } from './health';

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHealthRoutes(app, ctx);
}
