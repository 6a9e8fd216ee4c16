/** What the tus answers tell a client in their headers, for the OpenAPI document. */

const version = { 'Tus-Resumable': 'The protocol version the server speaks: 1.0.0' };
const expires = 'When the server forgets the unfinished upload (an HTTP date)';

export const tusOptionsDoc = {
  documentedHeaders: {
    200: {
      'Tus-Version': 'The protocol versions the server speaks',
      'Tus-Extension': 'creation,termination,expiration',
      'Tus-Max-Size': 'The largest file accepted, in bytes',
    },
  },
};

export const tusCreationDoc = {
  documentedHeaders: {
    201: {
      ...version,
      Location: 'The URL of the new upload, for HEAD, PATCH and DELETE',
      'Upload-Expires': expires,
    },
  },
};

export const tusOffsetDoc = {
  documentedHeaders: {
    200: {
      ...version,
      'Upload-Offset': 'Bytes the server has: the next PATCH starts there',
      'Upload-Length': 'Size of the whole file in bytes',
      'Upload-Expires': expires,
    },
  },
};

export const tusPatchDoc = {
  documentedBody: {
    contentType: 'application/offset+octet-stream',
    description: 'The next bytes of the file',
  },
  documentedHeaders: {
    204: {
      ...version,
      'Upload-Offset': 'Bytes the server has after this request',
      'Upload-Expires': expires,
    },
  },
};

export const tusTerminationDoc = { documentedHeaders: { 204: version } };
