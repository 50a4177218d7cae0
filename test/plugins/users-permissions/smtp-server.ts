// A minimal SMTP server on 127.0.0.1 for the smtp email provider's test: enough of RFC 5321
// (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for nodemailer to deliver plain messages.

import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail { from: string; to: string[]; data: string }

export async function startSmtpServer(): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let eol = buffer.indexOf('\r\n'); eol !== -1; eol = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') { reply('250-localhost'); reply('250 8BITMIME'); }
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') reply('250 OK');
        else if (verb === 'MAIL') { mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ''; reply('250 OK'); }
        else if (verb === 'RCPT') { mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? ''); reply('250 OK'); }
        else if (verb === 'DATA') { inData = true; reply('354 End data with <CR><LF>.<CR><LF>'); }
        else if (verb === 'QUIT') { reply('221 Bye'); socket.end(); }
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port, received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
