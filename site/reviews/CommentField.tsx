/**
 * The review's comment with its length counter ("1,234 / 2,000"), which turns to an error past the limit
 * the server keeps (REVIEW_COMMENT_MAX). Screen readers hear the count politely once typing pauses, not
 * at every key.
 */
import { useEffect, useState } from 'react';
import { REVIEW_COMMENT_MAX } from '#db/reviews/validation/review-rules.ts';

export const COMMENT_TOO_LONG = `Comment must be at most ${REVIEW_COMMENT_MAX} characters`;
const ANNOUNCE_AFTER_MS = 800;
const number = (n: number) => n.toLocaleString('en-US');
const characters = (n: number) => `${number(n)} ${n === 1 ? 'character' : 'characters'}`;

export const commentTooLong = (comment: string) => comment.length > REVIEW_COMMENT_MAX;

export function CommentField({
  value,
  onValue,
  describedBy,
}: {
  value: string;
  onValue: (value: string) => void;
  describedBy?: string | undefined;
}) {
  const over = commentTooLong(value);
  const count = `${number(value.length)} / ${number(REVIEW_COMMENT_MAX)}`;
  const spoken = over
    ? `${characters(value.length - REVIEW_COMMENT_MAX)} over the limit of ${number(REVIEW_COMMENT_MAX)}`
    : `${characters(REVIEW_COMMENT_MAX - value.length)} left`;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (value.length === 0) return;
    const timer = setTimeout(() => setAnnounced(spoken), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [spoken, value.length]);

  return (
    <div className="fieldset">
      <label className="fieldset-legend text-sm" htmlFor="review-comment">
        Comment
      </label>
      <textarea
        id="review-comment"
        name="comment"
        rows={5}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        className={`textarea w-full ${over ? 'textarea-error' : ''}`}
        aria-invalid={over || undefined}
        aria-describedby={['review-comment-count', describedBy].filter(Boolean).join(' ')}
      />
      <p
        id="review-comment-count"
        className={`text-end text-sm ${over ? 'font-semibold text-error' : 'text-base-content/80'}`}
        data-comment-count
      >
        {count}
        {over && <span> · {number(value.length - REVIEW_COMMENT_MAX)} too many</span>}
      </p>
      <p role="status" className="sr-only" data-comment-count-status>
        {announced}
      </p>
    </div>
  );
}
