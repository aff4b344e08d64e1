//! The Merkle tree over the log (RFC 9162 §2.1, as Certificate Transparency): leaf `i` is the
//! digest of chain entry `i + 1` ([`super::SealedFields::digest`]), hashed as
//! `SHA-256(0x00 || digest)`; an inner node is `SHA-256(0x01 || left || right)`; the root of `n`
//! leaves splits at the largest power of two below `n`; the empty tree's root is `SHA-256("")`.
//!
//! Proofs (inclusion, consistency) are built and checked by the `ct-merkle` crate
//! ([`Tree`]); [`Frontier`] only folds the root incrementally (O(log n) hashes kept), so the
//! sealer can sign a head after every page without holding the tree, and is checked against
//! `ct-merkle`'s root in the tests below.

use sha2::{Digest, Sha256};

/// The whole tree in memory (`ct-merkle`): 96 bytes per leaf. Leaves are the 32-byte event
/// digests.
pub type Tree = ct_merkle::mem_backed_tree::MemoryBackedTree<Sha256, [u8; 32]>;

fn leaf_hash(digest: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(digest);
    h.finalize().into()
}

fn node_hash(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The roots of the perfect subtrees that make up a tree of `size` leaves (one per set bit of
/// `size`, largest first): enough to append and to compute the root.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frontier {
    size: u64,
    peaks: Vec<[u8; 32]>,
}

impl Frontier {
    /// Appends the leaf of an event digest.
    pub fn push(&mut self, digest: &[u8; 32]) {
        let mut h = leaf_hash(digest);
        let mut s = self.size;
        while s & 1 == 1 {
            let left = self.peaks.pop().expect("a peak per set bit");
            h = node_hash(&left, &h);
            s >>= 1;
        }
        self.peaks.push(h);
        self.size += 1;
    }

    /// Leaves so far.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The tree's root hash (RFC 9162 MTH), 32 bytes.
    pub fn root(&self) -> [u8; 32] {
        let mut peaks = self.peaks.iter().rev();
        let Some(last) = peaks.next() else {
            return Sha256::digest(b"").into();
        };
        peaks.fold(*last, |right, left| node_hash(left, &right))
    }
}

/// The root hash of `tree` as 32 bytes.
pub fn root_of(tree: &Tree) -> [u8; 32] {
    (*tree.root().as_bytes()).into()
}

/// A consistency proof (RFC 9162 §2.1.4, built by `ct-merkle`) that the first `old_size`
/// leaves of `tree` are a tree of their own that `tree` only appended to: the proof's hashes
/// concatenated. Errors: `old_size` is 0 or larger than the tree.
pub fn prove_consistency(tree: &Tree, old_size: u64) -> anyhow::Result<Vec<u8>> {
    if old_size == 0 || old_size > tree.len() {
        anyhow::bail!(
            "no consistency proof from {old_size} to {} leaves",
            tree.len()
        );
    }
    let additions = usize::try_from(tree.len() - old_size)?;
    if additions == 0 {
        return Ok(Vec::new());
    }
    Ok(tree.prove_consistency(additions).as_bytes().to_vec())
}

/// Checks (with `ct-merkle`) that the tree of `new_size` leaves and root `new_root` extends the
/// tree of `old_size` leaves and root `old_root`, given the proof's bytes. Errors: the proof
/// fails or is malformed.
pub fn verify_consistency(
    old_size: u64,
    old_root: &[u8; 32],
    new_size: u64,
    new_root: &[u8; 32],
    proof: &[u8],
) -> anyhow::Result<()> {
    use ct_merkle::{ConsistencyProof, RootHash};
    if old_size == new_size {
        if old_root == new_root && proof.is_empty() {
            return Ok(());
        }
        anyhow::bail!("two different trees of {old_size} leaves");
    }
    let old = RootHash::<Sha256>::new((*old_root).into(), old_size);
    let new = RootHash::<Sha256>::new((*new_root).into(), new_size);
    let proof = ConsistencyProof::<Sha256>::try_from_bytes(proof.to_vec())
        .map_err(|e| anyhow::anyhow!("malformed consistency proof: {e:?}"))?;
    new.verify_consistency(&old, &proof)
        .map_err(|e| anyhow::anyhow!("consistency proof fails: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(i: u64) -> [u8; 32] {
        Sha256::digest(i.to_be_bytes()).into()
    }

    #[test]
    fn the_frontier_root_is_ct_merkles_root_at_every_size() {
        let mut f = Frontier::default();
        let mut t = Tree::new();
        assert_eq!(f.root(), root_of(&t));
        for i in 0..300 {
            f.push(&digest(i));
            t.push(digest(i));
            assert_eq!(f.root(), root_of(&t), "size {}", i + 1);
            assert_eq!(f.size(), t.len());
        }
    }

    #[test]
    fn consistency_holds_for_appends_and_fails_for_a_changed_leaf() {
        let mut t = Tree::new();
        let mut roots = vec![];
        for i in 0..40 {
            t.push(digest(i));
            roots.push(root_of(&t));
        }
        let new_root = root_of(&t);
        for old in 1..=40u64 {
            let proof = prove_consistency(&t, old).unwrap();
            verify_consistency(old, &roots[old as usize - 1], 40, &new_root, &proof).unwrap();
        }
        // A tree whose leaf 5 differs does not extend the first 10 leaves of the other.
        let mut changed = Tree::new();
        for i in 0..40 {
            changed.push(if i == 5 { digest(1000) } else { digest(i) });
        }
        let proof = prove_consistency(&changed, 10).unwrap();
        assert!(verify_consistency(10, &roots[9], 40, &root_of(&changed), &proof).is_err());
    }
}
