package com.example.orders.repo;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A minimal store of entities by id.
 *
 * @param <T> the entity type
 * @param <ID> the id type
 */
public interface Repository<T, ID> {

    Optional<T> findById(ID id);

    List<T> findAll();

    T save(T entity);

    void deleteById(ID id);

    /** The entities that match a predicate, by scanning {@link #findAll()}. */
    default List<T> findMatching(Predicate<? super T> predicate) {
        return findAll().stream().filter(predicate).collect(Collectors.toList());
    }

    /** Whether an entity with this id is stored. */
    default boolean existsById(ID id) {
        return findById(id).isPresent();
    }
}
