-- An id born in any book is looked up by kind and id alone (an event naming an id an earlier book
-- gave is refused: ids never repeat across books), so that lookup has an index of its own.
CREATE INDEX desk_record_ids_by_kind_and_id ON desk_record_ids (kind, id);
