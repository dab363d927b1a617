import { LEARNING_COPY } from "~/lib/learning/learning-copy";
import { renderMarkdown } from "~/lib/learning/markdown";
import type { VideoView } from "~/lib/learning/learning-rules";

/** An article's text (rendered safely, as React elements) or a video's player or link. */
export function LearningBody({
  title,
  bodyMarkdown,
  video,
}: {
  title: string;
  bodyMarkdown: string | null;
  video: VideoView | null;
}) {
  return (
    <>
      {bodyMarkdown ? <div className="learning-article">{renderMarkdown(bodyMarkdown)}</div> : null}
      {video?.kind === "embed" ? (
        <div className="learning-video">
          <iframe
            src={video.src}
            title={LEARNING_COPY.videoFrameTitle(title)}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allowFullScreen
          />
        </div>
      ) : null}
      {video?.kind === "link" ? (
        <p>
          <a className="button button-primary" href={video.href} target="_blank" rel="noopener noreferrer nofollow">
            {LEARNING_COPY.watchVideo}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          <span className="field-hint">{LEARNING_COPY.videoExternal}</span>
        </p>
      ) : null}
    </>
  );
}
