import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { clearStoreFilters } from '../../../app/layout/store-filters.ts'
import { classNames } from '../../../ui/class-names.ts'
import type { Slide } from '@shop/shared/schemas/catalogue.ts'
import { imageSources } from '../images.ts'
import { StepButton } from '../../../ui/button.tsx'
import { usePrefersReducedMotion } from './use-reduced-motion.ts'

const text = catalogue.home
/** customer-side.md §4 Home carousels and §9: 5 s per slide, a swipe of 50 px changes it. */
const AUTOPLAY_MS = 5000
const SWIPE_PX = 50
/** A pointer that moved further than this between press and release was dragging, not clicking. */
const CLICK_SLOP_PX = 10
const DEFAULT_LINK = '/store'
/** The next slide's picture is fetched this long before autoplay shows it (the first-load budget of bench/first-load.ts: not on load). */
const PREPARE_NEXT_MS = AUTOPLAY_MS - 1500

/**
 * The slide's image is the link (default /store). The demo's slide images carry their title and
 * text in the picture itself, so the slide's title and description are given to assistive
 * technology rather than painted over the image a second time.
 */
function SlideLink({ slide, children }: { slide: Slide; children: ReactNode }) {
  const link = slide.link || DEFAULT_LINK
  if (!link.startsWith('/')) {
    return (
      <a href={link} className="hero-slide__link" draggable={false}>
        {children}
      </a>
    )
  }
  // customer-side.md §2 Home page: the default /store link forgets the remembered store filters.
  return (
    <Link
      to={link}
      className="hero-slide__link"
      draggable={false}
      onClick={link === DEFAULT_LINK ? clearStoreFilters : undefined}
    >
      {children}
    </Link>
  )
}

function SlidePicture({ slide, isFirst }: { slide: Slide; isFirst: boolean }) {
  const [isLoaded, setIsLoaded] = useState(isFirst)
  const desktop = imageSources(slide.image_url, 1024)
  const mobile = slide.mobile_image_url ? imageSources(slide.mobile_image_url, 640) : null
  return (
    <picture>
      {mobile && (
        <source
          media="(max-width: 767px)"
          srcSet={mobile.srcSet ?? mobile.src}
          sizes="100vw"
          width={1080}
          height={1350}
        />
      )}
      <img
        className={classNames('hero-slide__image', isLoaded && 'is-loaded')}
        src={desktop.src}
        srcSet={desktop.srcSet}
        sizes="100vw"
        width={1920}
        height={700}
        alt=""
        draggable={false}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : undefined}
        decoding={isFirst ? 'sync' : 'async'}
        onLoad={() => setIsLoaded(true)}
      />
    </picture>
  )
}

/**
 * The home page's hero (customer-side.md §2, §4): slides with desktop and mobile images, moving
 * every 5 s until the shopper swipes, drags, touches or uses an arrow or a dot; then it stays
 * where they put it. It never moves by itself for shoppers who prefer reduced motion, and it
 * pauses while the pointer or the focus is on it.
 */
export function HeroSlider({ slides }: { slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0)
  const [isAutoplayStopped, setIsAutoplayStopped] = useState(false)
  const [isPaused, setIsPaused] = useState(false)
  const prefersReducedMotion = usePrefersReducedMotion()
  const pointerStart = useRef<{ x: number; y: number } | null>(null)
  // A drag ends with a click on the slide's link; that click must not open the link as well, also
  // when the drag was too short to change the slide (the shopper meant to drag, not to click).
  const wasDragged = useRef(false)
  const count = slides.length
  // Only the first slide's picture loads with the page; the others when they are about to show:
  // the next one shortly before autoplay moves on, both neighbours once the shopper reaches for the
  // hero (pointer or focus on it), and any slide as it becomes the current one.
  const [prepared, setPrepared] = useState<ReadonlySet<number>>(() => new Set([0]))
  const prepare = (...indexes: number[]) =>
    setPrepared((current) =>
      indexes.every((candidate) => current.has(candidate)) ? current : new Set([...current, ...indexes]),
    )

  useEffect(() => {
    if (count < 2) return
    const timer = setTimeout(() => prepare((index + 1) % count), PREPARE_NEXT_MS)
    return () => clearTimeout(timer)
  }, [index, count])

  useEffect(() => {
    if (count < 2 || isAutoplayStopped || isPaused || prefersReducedMotion) return
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [count, isAutoplayStopped, isPaused, prefersReducedMotion])

  function go(next: number) {
    setIsAutoplayStopped(true)
    setIndex((next + count) % count)
    prepare((next + count) % count)
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    pointerStart.current = { x: event.clientX, y: event.clientY }
    wasDragged.current = false
    if (event.pointerType === 'touch') setIsAutoplayStopped(true)
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = pointerStart.current
    pointerStart.current = null
    if (!start) return
    const deltaX = event.clientX - start.x
    const deltaY = event.clientY - start.y
    wasDragged.current = Math.hypot(deltaX, deltaY) > CLICK_SLOP_PX
    if (Math.abs(deltaX) > SWIPE_PX && Math.abs(deltaX) > Math.abs(deltaY)) {
      go(deltaX < 0 ? index + 1 : index - 1)
    }
  }

  function handleClickCapture(event: MouseEvent<HTMLDivElement>) {
    if (!wasDragged.current) return
    wasDragged.current = false
    event.preventDefault()
    event.stopPropagation()
  }

  return (
    <section
      className="hero-slider"
      aria-roledescription="carousel"
      aria-label={text.slidesLabel}
      onPointerEnter={() => {
        setIsPaused(true)
        prepare((index + 1) % count, (index - 1 + count) % count)
      }}
      onPointerLeave={() => setIsPaused(false)}
      onFocus={() => {
        setIsPaused(true)
        prepare((index + 1) % count, (index - 1 + count) % count)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsPaused(false)
      }}
    >
      {/* The browser's own link and image drag would swallow a mouse drag (customer-side.md §4:
          a drag over 50 px changes the slide), so native drag is switched off here. */}
      <div
        className="hero-slider__viewport"
        onPointerDown={handlePointerDown}
        onPointerUp={handlePointerUp}
        onPointerCancel={() => (pointerStart.current = null)}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={handleClickCapture}
      >
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.id}
            className={classNames('hero-slide', slideIndex === index && 'is-current')}
            role="group"
            aria-roledescription="slide"
            aria-label={format(text.slideCounter, { index: slideIndex + 1, count })}
            aria-hidden={slideIndex !== index}
            inert={slideIndex !== index}
          >
            <SlideLink slide={slide}>
              {(prepared.has(slideIndex) || slideIndex === index) && (
                <SlidePicture slide={slide} isFirst={slideIndex === 0} />
              )}
              <span className="visually-hidden">
                <span className="hero-slide__title">{slide.title}</span>
                {slide.description && <span>. {slide.description}</span>}
              </span>
            </SlideLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="hero-slider__controls">
          <StepButton
            direction="previous"
            className="hero-slider__arrow"
            label={text.previousSlide}
            iconSize={22}
            onClick={() => go(index - 1)}
          />
          <div className="hero-slider__dots">
            {slides.map((slide, slideIndex) => (
              <button
                key={slide.id}
                type="button"
                className={classNames('hero-slider__dot', slideIndex === index && 'is-current')}
                aria-label={format(text.showSlide, { index: slideIndex + 1, title: slide.title })}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => go(slideIndex)}
              />
            ))}
          </div>
          <StepButton
            direction="next"
            className="hero-slider__arrow"
            label={text.nextSlide}
            iconSize={22}
            onClick={() => go(index + 1)}
          />
        </div>
      )}
    </section>
  )
}
