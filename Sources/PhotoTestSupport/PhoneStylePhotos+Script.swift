extension PhoneStylePhotos {
    /// The Python that makes the photos (`python3 make_photos.py FOLDER`).
    static let script = #"""
        """Phone-style photos with metadata, for the scrubber's tests: EXIF (make, model, serial,
        owner, GPS, a thumbnail), XMP, IPTC, comments, PNG text chunks, WebP EXIF/XMP, a GIF with a
        comment and XMP, and (when heif-enc is there) a HEIC. Writes FOLDER/NAME for each."""
        import io, os, struct, subprocess, sys, zlib
        from PIL import Image, PngImagePlugin

        folder = sys.argv[1]
        ORIENTATION = 6

        def picture(width=64, height=48):
            image = Image.new("RGB", (width, height))
            image.putdata([((x * 4) % 256, (y * 5) % 256, ((x + y) * 2) % 256) for y in range(height) for x in range(width)])
            return image

        def exif(orientation=ORIENTATION):
            data = Image.Exif()
            data[0x010F] = "Apple"                # Make
            data[0x0110] = "iPhone 15 Pro"        # Model
            data[0x013B] = "Jan Kowalski"         # Artist
            data[0x8298] = "(c) Jan Kowalski"     # Copyright
            data[0x0112] = orientation            # Orientation
            data[0x8769] = {0xA431: "SN-4C0FFEE", 0xA430: "Jan Kowalski", 0x9003: "2026:11:30 18:04:11"}
            data[0x8825] = {1: "N", 2: (52.0, 13.0, 47.0), 3: "E", 4: (21.0, 0.0, 44.0)}
            return data

        XMP = (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>'
               b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               b'<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
               b'xmlns:exif="http://ns.adobe.com/exif/1.0/"><dc:creator><rdf:Seq><rdf:li>Jan Kowalski</rdf:li>'
               b'</rdf:Seq></dc:creator><exif:GPSLatitude>52,13.78N</exif:GPSLatitude>'
               b'<exif:GPSLongitude>21,0.73E</exif:GPSLongitude></rdf:Description></rdf:RDF></x:xmpmeta>'
               b'<?xpacket end="w"?>')

        def segment(marker, payload):
            return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload

        def jpeg(path):
            buffer = io.BytesIO()
            thumb = picture(16, 12)
            picture().save(buffer, "JPEG", exif=exif(), quality=95)
            data = buffer.getvalue()
            iptc = b"8BIM\x04\x04\x00\x00" + struct.pack(">I", 22) + b"\x1c\x02\x50\x00\x0cJan Kowalski" + b"\x1c\x02\x00\x00\x02\x00\x04"
            extra = segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + XMP)
            extra += segment(0xED, b"Photoshop 3.0\x00" + iptc)
            extra += segment(0xFE, b"Taken at Jan's home, ul. Prosta 1")
            # After SOI and the EXIF APP1 that PIL writes first.
            exif_end = 2 + 2 + struct.unpack(">H", data[4:6])[0]
            open(path, "wb").write(data[:exif_end] + extra + data[exif_end:] + b"SEFT trailer with a serial")
            thumbnail = path + ".thumb.jpg"
            thumb.save(thumbnail, "JPEG")
            subprocess.run(["exiftool", "-q", "-overwrite_original", "-ThumbnailImage<=" + thumbnail, path],
                           check=True, capture_output=True)
            os.remove(thumbnail)

        def png(path):
            info = PngImagePlugin.PngInfo()
            info.add_text("Author", "Jan Kowalski")
            info.add_itxt("Description", "Taken at home, ul. Prosta 1", lang="en", tkey="Description")
            info.add_text("Comment", "GPS 52.2297 21.0122", zip=True)
            info.add_itxt("XML:com.adobe.xmp", XMP.decode("utf-8"))
            buffer = io.BytesIO()
            picture().save(buffer, "PNG", pnginfo=info, exif=exif())
            data = buffer.getvalue()
            t = b"tIME" + struct.pack(">HBBBBB", 2026, 11, 30, 18, 4, 11)
            chunk = struct.pack(">I", 7) + t + struct.pack(">I", zlib.crc32(t))
            open(path, "wb").write(data[:33] + chunk + data[33:])   # after IHDR

        def webp(path):
            buffer = io.BytesIO()
            picture().save(buffer, "WEBP", lossless=True, exif=exif().tobytes(), xmp=XMP)
            open(path, "wb").write(buffer.getvalue())

        def gif(path):
            buffer = io.BytesIO()
            frames = [picture(), picture().transpose(Image.FLIP_LEFT_RIGHT)]
            frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], loop=0, duration=100,
                           comment=b"Jan Kowalski, ul. Prosta 1")
            data = buffer.getvalue()
            xmp = b"\x21\xFF\x0BXMP DataXMP" + XMP + bytes(range(0xFF, -1, -1)) + b"\x00"   # the "magic trailer"
            open(path, "wb").write(data[:-1] + xmp + data[-1:])

        def heic(path, jpeg_path):
            subprocess.run(["heif-enc", "-q", "90", "-o", path, jpeg_path], check=True, capture_output=True)
            subprocess.run(["exiftool", "-q", "-overwrite_original", "-XMP-dc:Creator=Jan Kowalski", path],
                           check=True, capture_output=True)

        jpeg(os.path.join(folder, "phone.jpg"))
        png(os.path.join(folder, "phone.png"))
        webp(os.path.join(folder, "phone.webp"))
        gif(os.path.join(folder, "phone.gif"))
        heic(os.path.join(folder, "phone.heic"), os.path.join(folder, "phone.jpg"))
        """#
}
