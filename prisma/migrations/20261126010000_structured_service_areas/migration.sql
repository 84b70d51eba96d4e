-- Service areas become structured entries (issue 20, item 8): a zip, a city in a state, a county
-- in a state, or a state, as JSON objects { kind, label, ... } (domain/src/service-area.ts). The
-- old text[] came from splitting the profile form on commas, so 'Austin, TX' is stored as
-- 'Austin' followed by 'TX'. Which pairs came from one entry cannot be known for sure; this
-- conversion prefers the narrower reading, so no contractor starts receiving leads from a whole
-- state it did not name alone (docs/decisions/0019-structured-service-areas.md):
--   1. a 5-digit zip (or ZIP+4) is a zip;
--   2. an element naming a place and its state ('Austin TX') is that city, or county when the
--      name ends in County, Parish or Borough;
--   3. a place followed by an element that is only a state ('Austin', 'TX') is that one city in
--      that state: the pair is rejoined, its label 'Austin, TX';
--   4. a state on its own anywhere else stays a whole state;
--   5. a place with no state gets the one state the profile's other entries name; with none, the
--      state in the business address; its label then says the state it was given. With several
--      states to choose from, or none at all, it is kept as a 'place' without a state, matching
--      the name in any state as before, and the profile asks for the state.
-- Repeats are dropped, the first kept.

CREATE FUNCTION pg_temp.rafter_state(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT code FROM (VALUES
    ('AL','alabama'),('AK','alaska'),('AZ','arizona'),('AR','arkansas'),('CA','california'),
    ('CO','colorado'),('CT','connecticut'),('DE','delaware'),('DC','district of columbia'),
    ('FL','florida'),('GA','georgia'),('HI','hawaii'),('ID','idaho'),('IL','illinois'),
    ('IN','indiana'),('IA','iowa'),('KS','kansas'),('KY','kentucky'),('LA','louisiana'),
    ('ME','maine'),('MD','maryland'),('MA','massachusetts'),('MI','michigan'),
    ('MN','minnesota'),('MS','mississippi'),('MO','missouri'),('MT','montana'),
    ('NE','nebraska'),('NV','nevada'),('NH','new hampshire'),('NJ','new jersey'),
    ('NM','new mexico'),('NY','new york'),('NC','north carolina'),('ND','north dakota'),
    ('OH','ohio'),('OK','oklahoma'),('OR','oregon'),('PA','pennsylvania'),
    ('RI','rhode island'),('SC','south carolina'),('SD','south dakota'),('TN','tennessee'),
    ('TX','texas'),('UT','utah'),('VT','vermont'),('VA','virginia'),('WA','washington'),
    ('WV','west virginia'),('WI','wisconsin'),('WY','wyoming')
  ) AS states(code, name)
  WHERE lower(code) = lower(regexp_replace(btrim(regexp_replace(value, '\s+', ' ', 'g')), '\.', '', 'g'))
     OR name = lower(regexp_replace(btrim(regexp_replace(value, '\s+', ' ', 'g')), '\.', '', 'g'))
$$;

-- The state of a business address: the last part after the street that, without its zip, names one.
CREATE FUNCTION pg_temp.rafter_address_state(address TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_temp.rafter_state(regexp_replace(part, '\m\d{5}(-\d{4})?\M', '', 'g'))
  FROM unnest(string_to_array(coalesce(address, ''), ',')) WITH ORDINALITY AS parts(part, position)
  WHERE position > 1
    AND pg_temp.rafter_state(regexp_replace(part, '\m\d{5}(-\d{4})?\M', '', 'g')) IS NOT NULL
  ORDER BY position DESC
  LIMIT 1
$$;

-- A place name and its state in one element: 'Austin, TX', 'Austin TX', 'New York New York'.
CREATE FUNCTION pg_temp.rafter_place_state(entry TEXT, OUT place TEXT, OUT state TEXT)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  words TEXT[];
  cut INT;
BEGIN
  IF position(',' IN entry) > 0 THEN
    state := pg_temp.rafter_state(regexp_replace(entry, '^.*,', ''));
    place := btrim(regexp_replace(entry, ',[^,]*$', ''), ' ,');
    IF state IS NULL OR place = '' THEN
      place := NULL;
      state := NULL;
    END IF;
    RETURN;
  END IF;
  words := string_to_array(entry, ' ');
  FOR cut IN 2 .. coalesce(array_length(words, 1), 0) LOOP
    state := pg_temp.rafter_state(array_to_string(words[cut:], ' '));
    IF state IS NOT NULL THEN
      place := array_to_string(words[1:cut - 1], ' ');
      RETURN;
    END IF;
  END LOOP;
  place := NULL;
  state := NULL;
END
$$;

CREATE FUNCTION pg_temp.rafter_place_area(label TEXT, place TEXT, state TEXT) RETURNS JSONB
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN place ~* '\s(county|parish|borough)$'
      THEN jsonb_build_object('kind', 'county', 'label', label, 'county', place, 'state', state)
    ELSE jsonb_build_object('kind', 'city', 'label', label, 'city', place, 'state', state)
  END
$$;

CREATE FUNCTION pg_temp.rafter_service_areas(areas TEXT[], address TEXT) RETURNS JSONB
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  entries TEXT[];
  entry TEXT;
  next_state TEXT;
  found RECORD;
  i INT := 1;
  n INT;
  -- Parsed entries; a place still without a state has state NULL until the second pass.
  kinds TEXT[] := '{}';
  labels TEXT[] := '{}';
  values_ TEXT[] := '{}';
  states TEXT[] := '{}';
  known_states TEXT[];
  fallback TEXT;
  result JSONB := '[]';
  area JSONB;
  keys TEXT[] := '{}';
  area_key TEXT;
BEGIN
  SELECT coalesce(array_agg(btrim(regexp_replace(value, '\s+', ' ', 'g')) ORDER BY position), '{}')
  INTO entries
  FROM unnest(coalesce(areas, '{}')) WITH ORDINALITY AS given(value, position)
  WHERE btrim(value) <> '';
  n := coalesce(array_length(entries, 1), 0);

  WHILE i <= n LOOP
    entry := entries[i];
    IF entry ~ '^\d{5}(-\d{4})?$' THEN
      kinds := array_append(kinds, 'zip'::TEXT);
      labels := array_append(labels, entry);
      values_ := array_append(values_, left(entry, 5));
      states := array_append(states, NULL::TEXT);
    ELSIF pg_temp.rafter_state(entry) IS NOT NULL THEN
      kinds := array_append(kinds, 'state'::TEXT);
      labels := array_append(labels, entry);
      values_ := array_append(values_, NULL::TEXT);
      states := array_append(states, pg_temp.rafter_state(entry));
    ELSE
      SELECT * INTO found FROM pg_temp.rafter_place_state(entry);
      IF found.state IS NOT NULL THEN
        kinds := array_append(kinds, 'place'::TEXT);
        labels := array_append(labels, entry);
        values_ := array_append(values_, found.place);
        states := array_append(states, found.state);
      ELSE
        next_state := CASE WHEN i < n THEN pg_temp.rafter_state(entries[i + 1]) END;
        IF next_state IS NOT NULL THEN
          kinds := array_append(kinds, 'place'::TEXT);
          labels := array_append(labels, entry || ', ' || entries[i + 1]);
          values_ := array_append(values_, entry);
          states := array_append(states, next_state);
          i := i + 1;
        ELSE
          kinds := array_append(kinds, 'place'::TEXT);
          labels := array_append(labels, entry);
          values_ := array_append(values_, entry);
          states := array_append(states, NULL::TEXT);
        END IF;
      END IF;
    END IF;
    i := i + 1;
  END LOOP;

  SELECT array_agg(DISTINCT s) INTO known_states FROM unnest(states) AS s WHERE s IS NOT NULL;
  fallback := CASE
    WHEN coalesce(array_length(known_states, 1), 0) = 1 THEN known_states[1]
    WHEN coalesce(array_length(known_states, 1), 0) = 0 THEN pg_temp.rafter_address_state(address)
  END;

  FOR i IN 1 .. coalesce(array_length(kinds, 1), 0) LOOP
    IF kinds[i] = 'zip' THEN
      area := jsonb_build_object('kind', 'zip', 'label', labels[i], 'zip', values_[i]);
      area_key := 'zip:' || values_[i];
    ELSIF kinds[i] = 'state' THEN
      area := jsonb_build_object('kind', 'state', 'label', labels[i], 'state', states[i]);
      area_key := 'state:' || states[i];
    ELSIF values_[i] !~ '^[[:alpha:]][[:alpha:] .''’-]*$' THEN
      area := jsonb_build_object('kind', 'place', 'label', labels[i], 'place', values_[i]);
      area_key := 'place:' || lower(values_[i]);
    ELSIF states[i] IS NOT NULL THEN
      area := pg_temp.rafter_place_area(labels[i], values_[i], states[i]);
      area_key := (area ->> 'kind') || ':' || states[i] || ':' || lower(values_[i]);
    ELSIF fallback IS NOT NULL THEN
      area := pg_temp.rafter_place_area(values_[i] || ', ' || fallback, values_[i], fallback);
      area_key := (area ->> 'kind') || ':' || fallback || ':' || lower(values_[i]);
    ELSE
      area := jsonb_build_object('kind', 'place', 'label', labels[i], 'place', values_[i]);
      area_key := 'place:' || lower(values_[i]);
    END IF;
    IF NOT area_key = ANY (keys) THEN
      keys := array_append(keys, area_key);
      result := result || jsonb_build_array(area);
    END IF;
  END LOOP;
  RETURN result;
END
$$;

ALTER TABLE "business_profiles" ADD COLUMN "service_areas" JSONB NOT NULL DEFAULT '[]';
UPDATE "business_profiles"
SET "service_areas" = pg_temp.rafter_service_areas("areas_of_service", "address")
WHERE coalesce(array_length("areas_of_service", 1), 0) > 0;

DROP INDEX "business_profiles_areas_of_service_idx";
ALTER TABLE "business_profiles" DROP COLUMN "areas_of_service";
ALTER TABLE "business_profiles" RENAME COLUMN "service_areas" TO "areas_of_service";

DROP FUNCTION pg_temp.rafter_service_areas(TEXT[], TEXT);
DROP FUNCTION pg_temp.rafter_place_area(TEXT, TEXT, TEXT);
DROP FUNCTION pg_temp.rafter_place_state(TEXT);
DROP FUNCTION pg_temp.rafter_address_state(TEXT);
DROP FUNCTION pg_temp.rafter_state(TEXT);
