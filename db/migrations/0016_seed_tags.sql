-- The seed of the tags table: the original three reference lists in their order, then the tags a credible
-- directory of computer science cannot do without (docs/product.md §3, decision 011). Tags already on
-- contents (from an import, say) are kept.
INSERT OR IGNORE INTO tags(kind, value, label) VALUES
  ('category', 'software-engineering', 'Software Engineering'),
  ('category', 'data-science', 'Data Science'),
  ('category', 'cybersecurity', 'Cybersecurity'),
  ('category', 'network-engineering', 'Network Engineering'),
  ('category', 'database-administration', 'Database Administration'),
  ('category', 'data-analytics', 'Data Analytics'),
  ('category', 'web-development', 'Web Development'),
  ('category', 'fullstack-development', 'Fullstack Development'),
  ('category', 'artificial-intelligence', 'Artificial Intelligence'),
  ('category', 'machine-learning', 'Machine Learning'),
  ('category', 'cloud', 'Cloud'),
  ('category', 'devops', 'DevOps'),
  ('category', 'mobile-development', 'Mobile Development'),
  ('category', 'computer-science-fundamentals', 'Computer Science Fundamentals'),
  ('category', 'algorithms', 'Algorithms'),
  ('techStack', 'javascript', 'Javascript'),
  ('techStack', 'java', 'Java'),
  ('techStack', 'python', 'Python'),
  ('techStack', 'html/css', 'HTML/CSS'),
  ('techStack', 'php', 'PHP'),
  ('techStack', 'node.js', 'Node.js'),
  ('techStack', 'flutter', 'Flutter'),
  ('techStack', 'typescript', 'Typescript'),
  ('techStack', 'ruby', 'Ruby'),
  ('techStack', 'rails', 'Rails'),
  ('techStack', 'express.js', 'Express.js'),
  ('techStack', 'go', 'Go'),
  ('techStack', 'rust', 'Rust'),
  ('techStack', 'c', 'C'),
  ('techStack', 'c++', 'C++'),
  ('techStack', 'c#', 'C#'),
  ('techStack', 'sql', 'SQL'),
  ('techStack', 'kotlin', 'Kotlin'),
  ('techStack', 'swift', 'Swift'),
  ('techStack', 'r', 'R'),
  ('techStack', 'react', 'React'),
  ('techStack', 'docker', 'Docker'),
  ('techStack', 'kubernetes', 'Kubernetes'),
  ('type', 'video-lectures', 'Video Lectures'),
  ('type', 'interactive-quizzes', 'Interactive Quizzes'),
  ('type', 'text-based-resources', 'Text-Based Resources'),
  ('type', 'podcasts', 'Podcasts'),
  ('type', 'webinars', 'Webinars'),
  ('type', 'simulations-and-virtual-labs', 'Simulations and Virtual Labs'),
  ('type', 'discussion-forums', 'Discussion Forums'),
  ('type', 'gamified-learning', 'Gamified Learning'),
  ('type', 'infographics-and-visual-aids', 'Infographics and Visual Aids'),
  ('type', 'online-courses', 'Online Courses'),
  ('type', 'mooc', 'MOOC'),
  ('type', 'coding-practice', 'Coding Practice');
--> statement-breakpoint
INSERT OR IGNORE INTO tags(kind, value, label) SELECT kind, value, min(label) FROM content_tags GROUP BY kind, value;
--> statement-breakpoint
-- Lists of tags show on catalog pages (filters, cards): a change to them is a change of the catalog.
CREATE TRIGGER catalog_version_tag_insert AFTER INSERT ON tags BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_tag_update AFTER UPDATE ON tags BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_tag_delete AFTER DELETE ON tags BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
