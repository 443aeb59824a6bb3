import { useEffect, useState } from 'react';

/** The cross-fade between two images (SPEC §4). */
export const FADE_MS = 1000;

export interface CarouselProps {
  images: { src: string; alt: string }[];
  /** Auto mode: milliseconds until the next image (config/landing.json `carousel.intervalMs`). */
  intervalMs: number;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * An image carousel (SPEC §4): in auto mode it moves to the next image on a timer and wraps to the
 * first; clicking the image advances; an indicator selects its image; images cross-fade in 1000 ms.
 * Auto mode can be paused (WCAG 2.2.2) and starts paused, without the fade, for readers who ask
 * for reduced motion. Without scripts the first image shows.
 */
export default function Carousel({ images, intervalMs }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const [auto, setAuto] = useState(true);
  // The server and the first client render agree; the reader's motion setting applies after.
  useEffect(() => {
    if (prefersReducedMotion()) setAuto(false);
  }, []);
  // Restarts after every change, so a click gives the chosen image a full interval.
  useEffect(() => {
    if (!auto || images.length < 2) return undefined;
    const timer = setTimeout(() => setCurrent((c) => (c + 1) % images.length), intervalMs);
    return () => clearTimeout(timer);
  }, [auto, current, intervalMs, images.length]);

  const next = () => setCurrent((c) => (c + 1) % images.length);
  return (
    <div className="carousel" data-current={current} data-auto={auto ? 'on' : 'off'} style={{ ['--fade' as string]: `${FADE_MS}ms` }}>
      <button type="button" className="carousel-stage" onClick={next} aria-label={`${images[current]?.alt ?? ''}. Show the next image`}>
        {images.map((img, i) => (
          <img
            key={img.src}
            src={img.src}
            alt=""
            className={i === current ? 'carousel-image is-current' : 'carousel-image'}
            width="640"
            height="400"
           
          />
        ))}
      </button>
      <div className="carousel-controls">
        <div className="carousel-indicators" role="group" aria-label="Choose an image">
          {images.map((img, i) => (
            <button
              key={img.src}
              type="button"
              className="carousel-indicator"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
        <button type="button" className="carousel-toggle" onClick={() => setAuto((a) => !a)}>
          {auto ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      </div>
    </div>
  );
}
