import CLeptonica
import Foundation

/// Where a band shaped like a machine-readable zone lies: two or three dark bars of one length, one
/// under the other at a zone's line spacing, found by leptonica's morphology alone (no OCR first),
/// so that a zone too small, too large or too turned for a whole page's OCR is still found.
struct ZoneCandidate: Equatable {
    /// Clockwise quarter turns after which the band's lines run across the picture (0 or 1; the
    /// reader also tries each upside down).
    var quarterTurns: Int
    /// The band's centre, in the turned picture's pixels.
    var centerX: Double, centerY: Double
    /// Along its lines, and across them (all its lines), in the turned picture's pixels.
    var length: Double, thickness: Double
    /// How far its lines climb per pixel across (as `GrayImage.cropped` levels them).
    var slope: Double
    var lines: Int
    /// The character pitch its length gives for its format, in the turned picture's pixels.
    var pitch: Double
    /// How closely its proportions fit a zone's (1 exactly).
    var score: Double
    /// Found levelled as the whole page is (leptonica's skew where it is sure of it, else none).
    var atPageSkew = false

    /// The band with a margin of two characters each side and one line above and below, level
    /// once `slope` is applied: the box to crop from the turned picture.
    func box(width: Int, height: Int) -> PixelBox {
        let halfLength = length / 2 + 2 * pitch
        let halfThickness = thickness / 2 + thickness / Double(max(1, lines)) + abs(slope) * halfLength
        return PixelBox(left: Int(centerX - halfLength), top: Int(centerY - halfThickness),
                        right: Int((centerX + halfLength).rounded(.up)), bottom: Int((centerY + halfThickness).rounded(.up)))
            .clamped(width: width, height: height)
    }

    /// The same band in the picture turned half a turn more.
    func upsideDown(width: Int, height: Int) -> ZoneCandidate {
        var turned = self
        turned.quarterTurns = (quarterTurns + 2) % 4
        turned.centerX = Double(width) - centerX
        turned.centerY = Double(height) - centerY
        return turned
    }
}

enum ZoneFinder {
    /// The picture is searched at these longest edges: a zone filling the page reads as bars at the
    /// smaller, one a fifth of a phone photo's frame at the larger (its characters 4–14 px apart at one).
    static let workingEdges = [1200, 480]
    /// Marks darker than their surroundings by this much (of 255) are ink.
    static let inkContrast: Int32 = 35
    /// At most this many pieces of ink are joined into lines (a page of noise is cut short, not slow).
    static let maximumPieces = 4000
    /// A zone's line spacing over its character pitch (ICAO 9303: 6 lines and 10 characters an inch).
    static let spacingOverPitch = 1.65

    /// Past this many pixels the picture is searched through a sample of it (`GrayImage.sampled`): the
    /// finder's work and memory stay a 25-megapixel page's however large the picture (a PNG 30,000 px square).
    static let maximumPixels = 25_000_000

    /// The zone-shaped bands of the picture, the likeliest first, at most `limit`.
    static func candidates(in image: GrayImage, limit: Int = 4) -> [ZoneCandidate] {
        _ = LeptImage.quiet
        guard image.width > 0, image.height > 0 else { return [] }
        let longest = Float(max(image.width, image.height))
        // Converted for leptonica once: whole, or a page past the bound as a sample at the larger working size.
        let sampledBy = image.width * image.height > maximumPixels ? Float(workingEdges.max() ?? 1200) / longest : 1
        guard let source = sampledBy < 1 ? image.sampled(by: Double(sampledBy)).flatMap(LeptImage.init) : LeptImage(image) else { return [] }
        var found: [ZoneCandidate] = []
        for edge in workingEdges {
            let factor = Float(edge) / longest
            guard let scaled = LeptImage(pixScale(source.pointer, factor / sampledBy, factor / sampledBy)) else { continue }
            for turns in [0, 1] {
                guard let turned = turns == 0 ? scaled : LeptImage(pixRotate90(scaled.pointer, 1)) else { continue }
                found += bands(in: turned, factor: Double(factor), quarterTurns: turns)
            }
        }
        // One band found at several angles is kept once: levelled as the page is, unless another angle
        // levels it clearly better (its lines at least 5% thinner: a band cut a degree or two off its
        // own slope loses its lines' ends, as the 300 px passport fixture's did at the nearest fixed angle).
        var kept: [ZoneCandidate] = []
        for candidate in found.sorted(by: { $0.score > $1.score }) {
            if let index = kept.firstIndex(where: { $0.overlaps(candidate) }) {
                let other = kept[index]
                guard candidate.lines == other.lines else { continue }
                let thinner = candidate.thickness < other.thickness * (other.atPageSkew ? 0.95 : 1)
                if thinner || (candidate.atPageSkew && !other.atPageSkew && candidate.thickness <= other.thickness * 1.05) {
                    kept[index] = candidate
                }
            } else if kept.count < limit {
                kept.append(candidate)
            }
        }
        return kept
    }

    /// The zone-shaped bands of one working image (already turned), in the turned full picture's pixels.
    static func bands(in image: LeptImage, factor: Double, quarterTurns: Int) -> [ZoneCandidate] {
        // Ink narrower than a character cell stands out from paper, guilloche and shadow alike (black top-hat).
        guard let hat = LeptImage(pixTophat(image.pointer, 17, 17, Int32(L_TOPHAT_BLACK))),
              let inverted = LeptImage(pixInvert(nil, hat.pointer)),
              let ink = LeptImage(pixThresholdToBinary(inverted.pointer, 255 - inkContrast)) else { return [] }
        // Level the lines first: a zone turned a few degrees is no bar until then. The page's skew is
        // not always the zone's (a card turned on a busy table, the table's lines the most), so the ink is
        // also searched turned by each of a few angles; a zone between two of them climbs at most a
        // degree (8 px along 480), which its bars' spacing still tells apart.
        var degrees: Float = 0, confidence: Float = 0
        let measured = pixFindSkew(ink.pointer, &degrees, &confidence) == 0
        // The page's own level: its skew where leptonica is sure of it, else none.
        let pageSkew: Float = measured && confidence >= 1.5 && abs(degrees) >= 0.3 ? degrees : 0
        var angles = [pageSkew] + searchedAngles.filter { abs($0 - pageSkew) >= 0.5 }
        if measured, confidence >= 1, !angles.contains(where: { abs($0 - degrees) < 0.5 }) { angles.append(degrees) }
        return angles.flatMap { angle -> [ZoneCandidate] in
            guard let level = angle == 0 ? ink : LeptImage(pixRotate(ink.pointer, angle * .pi / 180, Int32(L_ROTATE_SAMPLING),
                                                                       Int32(L_BRING_IN_WHITE), 0, 0)) else { return [] }
            return bands(inLevel: level, degrees: angle, of: image, factor: factor, quarterTurns: quarterTurns).map {
                var candidate = $0
                candidate.atPageSkew = angle == pageSkew
                return candidate
            }
        }
    }

    /// The turns (degrees) the ink is searched at besides the page's own skew: about 20 ms for all seven
    /// at the larger working size.
    static let searchedAngles: [Float] = [0, -2, 2, -4, 4, -6, 6]

    /// The zone-shaped bands of one ink image, levelled by `degrees`, in the turned full picture's pixels.
    static func bands(inLevel level: LeptImage, degrees: Float, of image: LeptImage, factor: Double, quarterTurns: Int) -> [ZoneCandidate] {
        // Characters joined along their line (a closing wider than the gap between two), thin strokes
        // across it (guilloche, a table's edge) dropped.
        guard let joined = LeptImage(pixCloseBrick(nil, level.pointer, 11, 1)),
              let bars = LeptImage(pixOpenBrick(nil, joined.pointer, 1, 3)) else { return [] }
        let lines = ZoneLines.joined(pieces(of: bars))
        let angle = Double(degrees) * .pi / 180
        return ZoneLines.zones(in: lines).map { zone in
            // Back through the levelling (a turn about the image's centre) and the scaling.
            let middleX = Double(image.width) / 2, middleY = Double(image.height) / 2
            let dx = zone.centerX - middleX, dy = zone.centerY - middleY
            let x = middleX + dx * cos(angle) + dy * sin(angle)
            let y = middleY - dx * sin(angle) + dy * cos(angle)
            return ZoneCandidate(quarterTurns: quarterTurns, centerX: x / factor, centerY: y / factor,
                                 length: zone.length / factor, thickness: zone.thickness / factor, slope: tan(angle),
                                 lines: zone.lines, pitch: zone.pitch / factor, score: zone.score)
        }
    }

    /// The boxes of the connected pieces of ink that may be a line's or a part of one.
    static func pieces(of bars: LeptImage) -> [PixelBox] {
        guard let boxes = pixConnComp(bars.pointer, nil, 8) else { return [] }
        var owned: UnsafeMutablePointer<BOXA>? = boxes
        defer { boxaDestroy(&owned) }
        var pieces: [PixelBox] = []
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0, (3...24).contains(h), w >= 2 * h else { continue }
            pieces.append(PixelBox(left: Int(x), top: Int(y), right: Int(x + w), bottom: Int(y + h)))
        }
        // The widest first: a page of specks keeps its likeliest lines.
        return Array(pieces.sorted { $0.width > $1.width }.prefix(maximumPieces))
    }
}

extension ZoneCandidate {
    func overlaps(_ other: ZoneCandidate) -> Bool {
        quarterTurns == other.quarterTurns && abs(centerX - other.centerX) < length / 4 && abs(centerY - other.centerY) < thickness / 2
    }
}

/// Lines of ink (bars) and the zones they make, in a working image's pixels: pure geometry.
enum ZoneLines {
    struct Zone: Equatable {
        var centerX: Double, centerY: Double, length: Double, thickness: Double
        var lines: Int, pitch: Double, score: Double
    }

    /// Pieces side by side on one line joined into bars (a run of fillers may stand apart from the
    /// characters before it, but a zone has no spaces: a word of the table two characters after a card's
    /// zone is not joined to it); only bars at least 12 times as long as they are tall are kept.
    static func joined(_ pieces: [PixelBox]) -> [PixelBox] {
        var bars: [PixelBox] = []
        for piece in pieces.sorted(by: { $0.left < $1.left }) {
            if let index = bars.lastIndex(where: { bar in
                let overlap = min(bar.bottom, piece.bottom) - max(bar.top, piece.top)
                return overlap * 5 >= min(bar.height, piece.height) * 3 && piece.left - bar.right <= max(bar.height, piece.height) * 6 / 5
            }) {
                bars[index] = bars[index].union(piece)
            } else {
                bars.append(piece)
            }
        }
        return bars.filter { $0.width >= 12 * $0.height && $0.width >= 40 }
    }

    /// Two or three bars of one length, their left ends aligned, one under the other at a zone's
    /// spacing, whose length over that spacing is a zone's (TD1 about 18, TD2 and MRV-B 22, TD3 and
    /// MRV-A 27).
    static func zones(in bars: [PixelBox]) -> [Zone] {
        let sorted = bars.sorted { $0.top < $1.top }
        var zones: [Zone] = []
        for (index, first) in sorted.enumerated() {
            var group = [first]
            var spacing: Double?
            for next in sorted[(index + 1)...] where group.count < 3 {
                guard let last = group.last else { break }
                let distance = Double(next.top + next.bottom - last.top - last.bottom) / 2
                let height = Double(max(last.height, next.height))
                guard abs(next.left - last.left) <= 2 * max(last.height, next.height),
                      Double(next.width) >= 0.75 * Double(last.width), Double(next.width) <= 1.34 * Double(last.width),
                      distance >= 0.75 * height, distance <= 3.5 * height,
                      spacing.map({ abs(distance - $0) <= 0.25 * $0 }) ?? true else { continue }
                spacing = spacing ?? distance
                group.append(next)
            }
            guard group.count >= 2, let spacing else { continue }
            let box = group.dropFirst().reduce(first) { $0.union($1) }
            let ratio = Double(box.width) / spacing
            let expected = group.count == 3 ? [18.2] : [21.8, 26.7]
            guard let nearest = expected.min(by: { abs($0 - ratio) < abs($1 - ratio) }), abs(ratio - nearest) <= 0.3 * nearest else { continue }
            let characters = group.count == 3 ? 30.0 : nearest < 24 ? 36.0 : 44.0
            zones.append(Zone(centerX: Double(box.left + box.right) / 2, centerY: Double(box.top + box.bottom) / 2,
                              length: Double(box.width), thickness: Double(box.height), lines: group.count,
                              pitch: Double(box.width) / characters, score: 1 - abs(ratio - nearest) / nearest))
        }
        return zones
    }
}
