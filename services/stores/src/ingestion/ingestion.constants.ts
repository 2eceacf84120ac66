export const INGEST_QUEUE = 'ingest-store';
