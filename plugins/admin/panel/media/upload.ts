// Uploads to the media library with progress: XMLHttpRequest, since fetch reports none for what it
// sends. One request per file, so each file has its own progress; a 401 refreshes the session once
// and sends again (as api.ts does for every other request).
import { ApiError, refresh, session, type ApiErrorBody } from '../api.js';
import type { FileDoc } from '../fields/media-kinds.js';

export interface FileInfoInput { name?: string; alternativeText?: string | null; caption?: string | null; folder?: number | null }

function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (session.token) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError({ status: 0, name: 'NetworkError', message: 'The upload did not reach the server' }));
    xhr.onabort = () => reject(new ApiError({ status: 0, name: 'AbortError', message: 'The upload was stopped' }));
    xhr.send(form);
  });
}

/** POSTs a form to /upload (query: ?id= to change or replace a file) with progress from 0 to 1. */
export async function uploadForm<T>(form: () => FormData, onProgress: (fraction: number) => void = () => {}, id?: number): Promise<T> {
  const url = id === undefined ? '/upload' : `/upload?id=${encodeURIComponent(String(id))}`;
  let res = await send(url, form(), onProgress);
  if (res.status === 401 && (await refresh())) res = await send(url, form(), onProgress);
  let json: unknown = null;
  try { json = res.text ? JSON.parse(res.text) : null; } catch { /* not JSON */ }
  if (res.status < 200 || res.status >= 300) {
    const error = (json as { error?: ApiErrorBody } | null)?.error;
    throw new ApiError(error ?? { status: res.status, name: 'HttpError', message: `HTTP ${res.status}` });
  }
  onProgress(1);
  return json as T;
}

/** Uploads one file (into a folder) and answers the stored file. */
export async function uploadFile(file: File, info: FileInfoInput, onProgress: (fraction: number) => void): Promise<FileDoc> {
  const [stored] = await uploadForm<FileDoc[]>(() => {
    const form = new FormData();
    form.append('files', file, file.name);
    form.append('fileInfo', JSON.stringify(info));
    return form;
  }, onProgress);
  return stored!;
}

/** Changes a file's info (name, alternative text, caption, folder), or with `file` its bytes. */
export function changeFile(id: number, info: FileInfoInput, file?: File, onProgress?: (fraction: number) => void): Promise<FileDoc> {
  return uploadForm<FileDoc>(() => {
    const form = new FormData();
    if (file) form.append('files', file, file.name);
    form.append('fileInfo', JSON.stringify(info));
    return form;
  }, onProgress, id);
}
