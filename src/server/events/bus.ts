import { EventEmitter } from 'node:events';
import type { Db } from '../db/connect';

/*
 * Changes the console wants to hear about at once (GET /user/events streams them). Publishers call
 * `publish` AFTER their transaction commits, so a listener that refetches sees the change.
 * One bus per database handle; on PostgreSQL the bus also crosses processes (events/pg-bridge.ts).
 */
export type ServiceEventType = 'call' | 'lead' | 'campaign' | 'delivery' | 'account' | 'knowledge_document.updated' | 'knowledgebase.updated';

export interface ServiceEvent {
  type: ServiceEventType;
  user_id: number;
  /** The changed record's id (call id, lead id, campaign id, delivery id); absent for 'account'. */
  id?: number;
  status?: string;
  campaign_id?: number | null;
  assistant_id?: number | null;
  call_id?: number | null;
  /** A knowledge document's base. */
  knowledgebase_id?: number;
}

export interface EventBus {
  publish(event: ServiceEvent): void;
  /** Every event of one user; returns the unsubscribe. */
  subscribe(userId: number, listener: (event: ServiceEvent) => void): () => void;
  /** Listeners now subscribed in this process, all users together (an ended stream must leave none behind). */
  listenerCount(): number;
}

class LocalBus implements EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open console tab: no leak warning at 10.
    this.emitter.setMaxListeners(0);
  }
  /** Delivers to this process's listeners only. */
  emitLocal(event: ServiceEvent): void {
    this.emitter.emit(String(event.user_id), event);
  }
  publish(event: ServiceEvent): void {
    this.emitLocal(event);
  }
  subscribe(userId: number, listener: (event: ServiceEvent) => void): () => void {
    const key = String(userId);
    this.emitter.on(key, listener);
    return () => this.emitter.off(key, listener);
  }
  listenerCount(): number {
    let n = 0;
    for (const name of this.emitter.eventNames()) n += this.emitter.listenerCount(name);
    return n;
  }
}

const buses = new WeakMap<Db, EventBus>();

/** The bus of this database handle (made on first use). */
export function busOf(db: Db): EventBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = new LocalBus();
    buses.set(db, bus);
  }
  return bus;
}

/** Replaces the bus of a handle (the PostgreSQL bridge installs itself so). */
export function setBus(db: Db, bus: EventBus): void {
  buses.set(db, bus);
}

export function publish(db: Db, event: ServiceEvent): void {
  busOf(db).publish(event);
}

export { LocalBus };
