import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * Routes that take one uploaded file (multipart 'file'): multipart is registered in the route
 * plugin's own scope with tight limits, the file is read into memory up to its limit, and a refused
 * upload closes the connection instead of reading the rest of a large body.
 */

/** A file as uploaded: the name the user gave it and its bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Accepts multipart bodies in this plugin's scope: one file of at most `maxBytes`, no other fields. */
export async function acceptOneFile(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fileSize: maxBytes, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 100 } });
}

/** The request's file; undefined when it carries none. A file above the limit throws `tooLarge()`. */
export async function uploadedFile(request: FastifyRequest, tooLarge: () => Error): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const part = await request.file();
  if (!part) return undefined;
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
}

/**
 * Runs an upload route's work. When it fails, the body may be mostly unread: the connection is
 * closed after the answer rather than reading and throwing away what the client still sends.
 */
export async function answerUpload<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (request.isMultipart()) void reply.header('connection', 'close');
    throw error;
  }
}
