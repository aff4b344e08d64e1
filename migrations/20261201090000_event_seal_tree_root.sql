-- Signed tree heads (docs/decisions/0101-signed-tree-heads-outside-the-database.md): the root of
-- the Merkle tree over the log (RFC 9162) at chain_index leaves, signed with the rest of the
-- head. Null on checkpoints signed before the tree existed (they keep their v1 message).
ALTER TABLE event_seal_checkpoint ADD COLUMN tree_root bytea;
