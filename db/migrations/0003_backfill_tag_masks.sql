-- Fills the tag masks of contents written before they existed (bit = position in db/taxonomy.ts).
CREATE TEMP TABLE tag_bits(kind TEXT, value TEXT, bit INTEGER);
--> statement-breakpoint
INSERT INTO tag_bits VALUES
  ('category', 'software-engineering', 1),
  ('category', 'data-science', 2),
  ('category', 'cybersecurity', 4),
  ('category', 'network-engineering', 8),
  ('category', 'database-administration', 16),
  ('category', 'data-analytics', 32),
  ('category', 'web-development', 64),
  ('category', 'fullstack-development', 128),
  ('category', 'artificial-intelligence', 256),
  ('category', 'machine-learning', 512),
  ('techStack', 'javascript', 1),
  ('techStack', 'java', 2),
  ('techStack', 'python', 4),
  ('techStack', 'html/css', 8),
  ('techStack', 'php', 16),
  ('techStack', 'node.js', 32),
  ('techStack', 'flutter', 64),
  ('techStack', 'typescript', 128),
  ('techStack', 'ruby', 256),
  ('techStack', 'rails', 512),
  ('techStack', 'express.js', 1024),
  ('type', 'video-lectures', 1),
  ('type', 'interactive-quizzes', 2),
  ('type', 'text-based-resources', 4),
  ('type', 'podcasts', 8),
  ('type', 'webinars', 16),
  ('type', 'simulations-and-virtual-labs', 32),
  ('type', 'discussion-forums', 64),
  ('type', 'gamified-learning', 128),
  ('type', 'infographics-and-visual-aids', 256),
  ('type', 'online-courses', 512);
--> statement-breakpoint
UPDATE contents SET
  category_mask = (SELECT coalesce(sum(b.bit), 0) FROM content_tags t JOIN tag_bits b ON b.kind = t.kind AND b.value = t.value WHERE t.content_id = contents.id AND t.kind = 'category'),
  tech_stack_mask = (SELECT coalesce(sum(b.bit), 0) FROM content_tags t JOIN tag_bits b ON b.kind = t.kind AND b.value = t.value WHERE t.content_id = contents.id AND t.kind = 'techStack'),
  type_mask = (SELECT coalesce(sum(b.bit), 0) FROM content_tags t JOIN tag_bits b ON b.kind = t.kind AND b.value = t.value WHERE t.content_id = contents.id AND t.kind = 'type');
--> statement-breakpoint
DROP TABLE tag_bits;
