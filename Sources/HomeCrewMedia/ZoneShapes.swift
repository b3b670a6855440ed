import CLeptonica
import Foundation
import HomeCrewCore

/// A zone the first OCR did not see, read from the bands `ZoneFinder` finds by their shape: each
/// band cut out level, at the size tesseract reads OCR-B best, upright and upside down, grey (its
/// background evened) and binarised, until a reading's check digits agree (`ZoneBandText.replacingZone`).
/// Nothing else is ever added to the page's text.
enum ZoneShapes {
    /// At most this many band readings a page: a page of zone-like stripes costs a few seconds, not minutes.
    static let maximumReadings = 12
    /// A band is enlarged at most this much (a 250 px card's characters are 5 px apart).
    static let maximumScale = 8.0

    /// One way of reading a band: scaled so that its characters stand `pitch` px apart, then `stretch`
    /// times wider across (tesseract reads a run of close fillers a few too few, or none).
    struct Attempt {
        var candidate: ZoneCandidate
        /// Which of the finder's bands (its place in their list), and whether this is it upside down.
        var band: Int, upsideDown: Bool
        var pitch: Double
        var stretch: Double
        var binarized: Bool
    }

    /// The ways each band is read, in turn. The last, smaller (capitals about 20 px tall): tesseract
    /// reads a long run of fillers before a line's last check digit as fillers alone at the other sizes
    /// now and then, the digit lost (a 326 px passport page's composite, read at a pitch of 21 and 25, not 28 or 40).
    static let ways: [(pitch: Double, stretch: Double, binarized: Bool)] = [(28, 1.5, false), (40, 1.5, false), (40, 1, false), (28, 1.5, true),
                                                                            (22, 1.5, false)]

    /// The page's text with the zone a band reads added (in place of its zone-like lines), or nil.
    static func reading(_ text: String, picture: GrayImage, engine: OCREngine, deadline: Date) -> String? {
        guard Date() < deadline else { return nil }
        let found = ZoneFinder.candidates(in: picture)
        // Once a band's reading holds a run of fillers, that way up is its zone's: a `<` upside down is
        // no `<`, so the other way up is not read again (half the readings of a zone that does not read).
        var wayUp: [Int: Bool] = [:]
        var readings = 0
        var choice = BandChoice()
        for attempt in attempts(found, width: picture.width, height: picture.height) {
            guard readings < maximumReadings, Date() < deadline else { break }
            if let upsideDown = wayUp[attempt.band], upsideDown != attempt.upsideDown { continue }
            guard let band = band(attempt, from: picture) else { continue }
            let milliseconds = max(1, Int(deadline.timeIntervalSinceNow * 1000))
            guard let read = engine.recognizeZone(band, milliseconds: milliseconds) else { break }
            readings += 1
            ZoneBandDebug.record(band, note: "shape \(attempt.candidate) pitch \(attempt.pitch) stretch \(attempt.stretch) binarized \(attempt.binarized)", reading: read)
            if let whole = choice.offer(ZoneBandText.replacingZone(in: text, with: read)) { return whole }
            if wayUp[attempt.band] == nil, read.contains("<<") { wayUp[attempt.band] = attempt.upsideDown }
        }
        return choice.numberSetAside
    }

    /// The readings to try, the likeliest first: every band upright and upside down in the first way,
    /// then in the next.
    static func attempts(_ candidates: [ZoneCandidate], width: Int, height: Int) -> [Attempt] {
        var attempts: [Attempt] = []
        for way in ways {
            for (index, candidate) in candidates.enumerated() {
                // The candidate's picture turned half a turn more has its width and height (a quarter turn swaps them).
                let (turnedWidth, turnedHeight) = candidate.quarterTurns % 2 == 0 ? (width, height) : (height, width)
                for (upsideDown, flipped) in [(false, candidate), (true, candidate.upsideDown(width: turnedWidth, height: turnedHeight))] {
                    attempts.append(Attempt(candidate: flipped, band: index, upsideDown: upsideDown, pitch: way.pitch,
                                            stretch: way.stretch, binarized: way.binarized))
                }
            }
        }
        return attempts
    }

    /// The band cut out of the picture, turned as the attempt says, level, scaled to the attempt's pitch
    /// (within `Band`'s bounds). Only the band is turned, never the whole picture (a 100-megapixel page
    /// turned four ways would not fit the worker's memory).
    static func band(_ attempt: Attempt, from picture: GrayImage) -> GrayImage? {
        let turns = attempt.candidate.quarterTurns
        let (width, height) = turns % 2 == 0 ? (picture.width, picture.height) : (picture.height, picture.width)
        let box = attempt.candidate.box(width: width, height: height)
        guard box.width > 0, box.height > 0 else { return nil }
        let region = picture.cropped(box.unturned(turns, width: width, height: height), scale: 1).oriented([1, 6, 3, 8][turns])
        let scale = max(0.1, min(maximumScale, attempt.pitch / max(1, attempt.candidate.pitch), Band.maximumScale(box)))
        // Levelled at the page's size, then scaled by leptonica (area mapping down; up, interpolation
        // that keeps edges sharp: a small scan's fillers then read as `<`, not K).
        let level = region.cropped(PixelBox(left: 0, top: 0, right: region.width, bottom: region.height), scale: 1, slope: attempt.candidate.slope)
        guard let cropped = level.scaled(by: scale, stretch: attempt.stretch) else { return nil }
        let band = attempt.binarized ? cropped.binarized() ?? cropped : cropped.evened() ?? cropped
        // A zone reaching the page's edge (a card cut at its border) keeps its last character.
        return band.bordered(Int(attempt.pitch)) ?? band
    }
}

extension GrayImage {
    /// The background evened out to white, the ink left grey (a shadow or glare across a band would
    /// otherwise fall on both sides of tesseract's one threshold): leptonica's background normalisation.
    func evened() -> GrayImage? {
        guard let pix = LeptImage(self),
              let even = LeptImage(pixBackgroundNorm(pix.pointer, nil, nil, 10, 15, 100, 50, 255, 2, 2)) else { return nil }
        return even.grayImage
    }

    /// Black on white, the background evened out first (a shadow or glare across the band): leptonica's
    /// Otsu threshold on a background-normalised image.
    func binarized() -> GrayImage? {
        guard let pix = LeptImage(self),
              let binary = LeptImage(pixOtsuThreshOnBackgroundNorm(pix.pointer, nil, 10, 15, 100, 50, 255, 2, 2, 0.1, nil)) else { return nil }
        return binary.grayImage
    }
}

extension PixelBox {
    /// This box of a picture turned `turns` clockwise quarters (`width` × `height` once turned), in the
    /// unturned picture's pixels.
    func unturned(_ turns: Int, width: Int, height: Int) -> PixelBox {
        switch turns % 4 {
        case 1: PixelBox(left: top, top: width - right, right: bottom, bottom: width - left)
        case 2: PixelBox(left: width - right, top: height - bottom, right: width - left, bottom: height - top)
        case 3: PixelBox(left: height - bottom, top: left, right: height - top, bottom: right)
        default: self
        }
    }
}
