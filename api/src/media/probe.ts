// What a media file really is, read by ffprobe from its content (container, duration, video and audio streams), and how
// many frames a video holds.
import { ffmpegPath, ffprobePath, runTool, ToolError } from './tools';

export type MediaProbe = {
  formatName: string;
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number; fps: number | null } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
};

const rate = (fraction?: string) => {
  const [n, d] = (fraction ?? '').split('/').map(Number);
  return n && d ? n / d : null;
};

/**
 * What an upload may be read as: a file of this host, in a single-file container. Playlists and lists of other files
 * (HLS, DASH, concat) would make ffprobe open addresses they name, here or on the network the API can reach.
 */
const UPLOAD_READERS = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  'mov,mp4,avi,matroska,flv,asf,mp3,wav,aac,flac,ogg,w64,aiff,caf,amr,ac3,mpegts,mpeg,image2,jpeg_pipe,png_pipe,webp_pipe,gif,bmp_pipe,tiff_pipe',
];

/**
 * What a file really is, read from its content by ffprobe; null when ffprobe cannot read it as media.
 */
export async function probeMedia(file: string): Promise<MediaProbe | null> {
  let stdout: Buffer;
  try {
    ({ stdout } = await runTool(
      ffprobePath,
      ['-v', 'error', ...UPLOAD_READERS, '-print_format', 'json', '-show_format', '-show_streams', file],
      {
        timeoutMs: 60_000,
      },
    ));
  } catch (error) {
    // ffprobe ran and could not read the file: not media. ffprobe that cannot run is the server's fault.
    if (error instanceof ToolError) return null;
    throw error;
  }
  const data = JSON.parse(stdout.toString()) as { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] };
  if (!data.format?.format_name) return null;
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(data.format.duration);
  return {
    formatName: data.format.format_name,
    durationSeconds: Number.isFinite(duration) ? duration : await lastPacketSeconds(file),
    video: video
      ? { codec: video.codec_name ?? '', width: video.width ?? 0, height: video.height ?? 0, fps: rate(video.avg_frame_rate) }
      : null,
    audio: audio ? { codec: audio.codec_name ?? '', sampleRate: Number(audio.sample_rate ?? 0), channels: audio.channels ?? 0 } : null,
  };
}

/**
 * The time of the last packet, for files whose header has no duration: a browser's MediaRecorder writes
 * WebM without one. Reads packets without decoding them.
 */
async function lastPacketSeconds(file: string): Promise<number | null> {
  try {
    const { stdout } = await runTool(
      ffprobePath,
      ['-v', 'error', ...UPLOAD_READERS, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
      {
        timeoutMs: 120_000,
      },
    );
    let end = 0;
    for (const line of stdout.toString().split('\n')) {
      const [pts, duration] = line.split(',').map(Number);
      if (Number.isFinite(pts)) end = Math.max(end, pts! + (Number.isFinite(duration) ? duration! : 0));
    }
    return end > 0 ? end : null;
  } catch {
    return null;
  }
}

/** How many frames a video stream holds, counted from its packets (without decoding). */
export async function countVideoFrames(file: string): Promise<number> {
  const { stdout } = await runTool(
    ffprobePath,
    ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
    { timeoutMs: 120_000 },
  );
  return Number.parseInt(stdout.toString(), 10) || 0;
}

/** Whether a still picture decodes whole (its first frame, without an error): a picture's header over junk does not. */
export async function decodesAsPicture(file: string): Promise<boolean> {
  try {
    await runTool(
      ffmpegPath,
      [
        '-hide_banner',
        '-v',
        'error',
        '-xerror',
        '-err_detect',
        'explode',
        ...UPLOAD_READERS,
        '-i',
        file,
        '-frames:v',
        '1',
        '-f',
        'null',
        '-',
      ],
      {
        timeoutMs: 60_000,
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ToolError) return false;
    throw error;
  }
}
