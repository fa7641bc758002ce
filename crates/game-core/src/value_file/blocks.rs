//! The blocks of a value file and their checksums: [`BlockWriter`] cuts value bytes into
//! blocks as they are written and ends each with its trailer; [`BlockReader`] gives back the
//! value bytes of one block at a time, only once its trailer matches.

use std::io::{self, Read, Write};

use super::{BLOCK_HEAPS, BLOCK_TRAILER_BYTES, ValueFileError, ValueFileHeader, block_bytes};

/// The CRC-32 of a block: its value bytes (already in `hasher`), then the header's checksum,
/// the block number and the number of values.
fn block_checksum(mut hasher: crc32fast::Hasher, header_checksum: u32, block: u64, values: u32) -> u32 {
    hasher.update(&header_checksum.to_le_bytes());
    hasher.update(&block.to_le_bytes());
    hasher.update(&values.to_le_bytes());
    hasher.finalize()
}

/// Writes value bytes (little-endian, the header's width each) into `out` in blocks of
/// [`BLOCK_HEAPS`] values, each followed by its trailer as soon as it is full; [`Self::finish`]
/// ends the last, partial block. Any split of the bytes into writes gives the same file.
#[derive(Debug)]
pub struct BlockWriter<W: Write> {
    out: W,
    header_checksum: u32,
    width: u64,
    block: u64,
    /// Value bytes of the current block written so far.
    filled: u64,
    hasher: crc32fast::Hasher,
}

impl<W: Write> BlockWriter<W> {
    /// A writer whose first byte is the value of heap `from`; `block_prefix` holds the value
    /// bytes of the heaps of the same block before `from` (already in the file: checksummed,
    /// not written again).
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] if `block_prefix` is not `from % BLOCK_HEAPS` values long.
    pub fn new(out: W, header: &ValueFileHeader, from: u64, block_prefix: &[u8]) -> io::Result<Self> {
        let width = u64::from(header.width);
        if block_prefix.len() as u64 != from % BLOCK_HEAPS * width {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the bytes before the first value written are not those of its block",
            ));
        }
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(block_prefix);
        Ok(BlockWriter {
            out,
            header_checksum: header.checksum(),
            width,
            block: from / BLOCK_HEAPS,
            filled: block_prefix.len() as u64,
            hasher,
        })
    }

    /// Writes the trailer of the current block (of `filled` bytes) and starts the next one.
    fn end_block(&mut self) -> io::Result<()> {
        let values = u32::try_from(self.filled / self.width).expect("a block holds at most 2^16 values");
        let hasher = std::mem::take(&mut self.hasher);
        let checksum = block_checksum(hasher, self.header_checksum, self.block, values);
        let mut trailer = [0u8; BLOCK_TRAILER_BYTES as usize];
        trailer[..4].copy_from_slice(&values.to_le_bytes());
        trailer[4..].copy_from_slice(&checksum.to_le_bytes());
        self.out.write_all(&trailer)?;
        self.block += 1;
        self.filled = 0;
        Ok(())
    }

    /// Ends the last block (if it holds a value) and returns the output.
    ///
    /// # Errors
    /// The output's errors; [`io::ErrorKind::InvalidData`] if the bytes written end inside a
    /// value.
    pub fn finish(mut self) -> io::Result<W> {
        if !self.filled.is_multiple_of(self.width) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "the values written end inside a value"));
        }
        if self.filled > 0 {
            self.end_block()?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> Write for BlockWriter<W> {
    fn write(&mut self, mut buf: &[u8]) -> io::Result<usize> {
        let written = buf.len();
        let block = BLOCK_HEAPS * self.width;
        while !buf.is_empty() {
            let take = (block - self.filled).min(buf.len() as u64) as usize;
            self.out.write_all(&buf[..take])?;
            self.hasher.update(&buf[..take]);
            self.filled += take as u64;
            buf = &buf[take..];
            if self.filled == block {
                self.end_block()?;
            }
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Reads the blocks of a value file after its header, each checked against its trailer before
/// its values are given out.
#[derive(Debug)]
pub struct BlockReader<R: Read> {
    input: R,
    header_checksum: u32,
    width: u64,
    block: u64,
    /// Bytes of the file not read yet.
    remaining: u64,
    buffer: Vec<u8>,
}

impl<R: Read> BlockReader<R> {
    /// A reader of the blocks that follow `header` in `input` (positioned after the header), in
    /// a file of `file_length` bytes.
    pub fn new(input: R, header: &ValueFileHeader, file_length: u64) -> Self {
        BlockReader {
            input,
            header_checksum: header.checksum(),
            width: u64::from(header.width),
            block: 0,
            remaining: file_length.saturating_sub(header.values_start()),
            buffer: Vec::new(),
        }
    }

    /// The value bytes of the next block, once its trailer matches; `None` after the last.
    ///
    /// # Errors
    /// [`ValueFileError::BadBlock`] for a block that fails its checksum, does not hold the
    /// values it should, or is cut short (the file then ends inside it); [`ValueFileError::Io`]
    /// (without the path) if the input cannot be read.
    pub fn next_block(&mut self) -> Result<Option<&[u8]>, ValueFileError> {
        if self.remaining == 0 {
            return Ok(None);
        }
        let full = block_bytes(BLOCK_HEAPS, self.width as u8).expect("2^16 values of 4 bytes");
        let length = self.remaining.min(full);
        // At most 256 KiB + 8.
        self.buffer.resize(length as usize, 0);
        self.input
            .read_exact(&mut self.buffer)
            .map_err(|e| ValueFileError::Io { path: String::new(), reason: e.to_string() })?;
        self.remaining -= length;
        let first_heap = self.block * BLOCK_HEAPS;
        let values_in_file = length.saturating_sub(BLOCK_TRAILER_BYTES) / self.width;
        let bad = ValueFileError::BadBlock {
            block: self.block,
            first_heap,
            last_heap: (values_in_file > 0).then(|| first_heap + values_in_file - 1),
        };
        if length < BLOCK_TRAILER_BYTES + self.width {
            return Err(bad);
        }
        let (values, trailer) = self.buffer.split_at(length as usize - BLOCK_TRAILER_BYTES as usize);
        let count = u32::from_le_bytes(trailer[..4].try_into().expect("4 bytes"));
        let checksum = u32::from_le_bytes(trailer[4..].try_into().expect("4 bytes"));
        // A block ends exactly after its values: the last one (shorter) too, and only the last.
        let fits = values.len() as u64 == u64::from(count) * self.width
            && (u64::from(count) == BLOCK_HEAPS || self.remaining == 0);
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(values);
        if !fits || block_checksum(hasher, self.header_checksum, self.block, count) != checksum {
            return Err(bad);
        }
        self.block += 1;
        Ok(Some(values))
    }
}
