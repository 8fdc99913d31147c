function count(*$all) { $all.length }
notice(count(1, 2, 3))
