-- "<1 years" reads wrongly in English: the first trading-experience band is "Less than 1 year"
-- (the code lt_1 is unchanged; the exchanges' files use the code).
update profiling_options set name = 'Less than 1 year' where list = 'experience' and code = 'lt_1';
