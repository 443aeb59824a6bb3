// Blog list and post header (server-rendered).

export interface BlogPostSummary {
  route: string;
  title: string;
  description?: string;
  author: string;
  /** ISO date (`2026-11-24`). */
  date: string;
  badge?: string;
  previewImg?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * SPEC §9: short month, day, year in US English (`Nov 24, 2026`); dates are calendar days, so UTC.
 * Written out rather than through `Intl.DateTimeFormat`: the format is fixed, and setting up Intl
 * (ICU's locale data) cost 12–30 ms of every build that renders a blog page.
 */
export function formatDate(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function Badge({ text }: { text: string }) {
  return <span className={`badge badge-post badge-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{text}</span>;
}

export function BlogList({ title, intro, posts, other }: { title: string; intro: string; posts: BlogPostSummary[]; other?: { text: string; href: string } }) {
  const [first, ...rest] = posts;
  return (
    <div className="blog-index">
      <header className="blog-index-head">
        <h1>{title}</h1>
        <p>{intro}</p>
        <p className="blog-index-links">
          {other ? <a href={other.href}>{other.text}</a> : null}
          <a href="/blog/feed.xml">RSS feed</a>
        </p>
      </header>
      {posts.length === 0 ? <p>No posts yet.</p> : null}
      {first ? (
        <ol className="blog-list">
          {[first, ...rest].map((p, i) => (
            <li key={p.route} className={i === 0 ? 'blog-card blog-card-featured' : 'blog-card'}>
              {p.previewImg ? <img src={p.previewImg} alt="" width="640" height="320" /> : null}
              <div className="blog-card-body">
                <p className="blog-meta">
                  {p.badge ? <Badge text={p.badge} /> : null}
                  <time dateTime={p.date.slice(0, 10)}>{formatDate(p.date)}</time>
                </p>
                <h2>
                  <a href={p.route}>{p.title}</a>
                </h2>
                {p.description ? <p>{p.description}</p> : null}
                <p className="blog-author">{p.author}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The posts either side of one in its list (newest first), and the list it is in. */
export interface BlogPostNeighbours {
  newer?: BlogPostSummary;
  older?: BlogPostSummary;
  list: { text: string; href: string };
}

/** After a post: the newer and older posts of its list, and the way back to the list. */
export function BlogPostFooter({ around }: { around: BlogPostNeighbours }) {
  return (
    <nav className="blog-post-nav" aria-label="More posts">
      {around.newer ? <NeighbourLink post={around.newer} which="newer" /> : null}
      {around.older ? <NeighbourLink post={around.older} which="older" /> : null}
      <a className="blog-post-nav-all" href={around.list.href}>
        {around.list.text}
      </a>
    </nav>
  );
}

function NeighbourLink({ post, which }: { post: BlogPostSummary; which: 'newer' | 'older' }) {
  return (
    <a className={`blog-post-nav-link blog-post-nav-${which}`} href={post.route}>
      <span className="blog-post-nav-label">{which === 'newer' ? 'Newer post' : 'Older post'}</span>{' '}
      <span className="blog-post-nav-title">{post.title}</span>
    </a>
  );
}

export function BlogPostHeader({ post, showTitle, image }: { post: BlogPostSummary; showTitle: boolean; image?: string | undefined }) {
  return (
    <header className="blog-post-head">
      <p className="blog-meta">
        {post.badge ? <Badge text={post.badge} /> : null}
        <time dateTime={post.date.slice(0, 10)}>{formatDate(post.date)}</time>
      </p>
      {showTitle ? <h1>{post.title}</h1> : null}
      {post.description ? <p className="blog-post-lead">{post.description}</p> : null}
      <p className="blog-author">
        By <span className="blog-author-name">{post.author}</span>
      </p>
      {image ? <img className="blog-post-image" src={image} alt="" width="1200" height="600" /> : null}
    </header>
  );
}
