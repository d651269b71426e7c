"""The test run's own scheduling: the operations tests stay together in one process (tests/conftest.py)."""

from tests.conftest import OperationsApart


def test_operations_tests_form_one_unit_and_every_other_test_its_own():
    split = OperationsApart._split_scope
    scheduler = object.__new__(OperationsApart)
    soak = split(scheduler, "tests/ops/test_soak.py::test_mixed_traffic_gets_no_server_error_and_no_worker_grows")
    proxy = split(scheduler, "tests/ops/test_proxy.py::test_a_request_for_another_host_is_refused")
    assert soak == proxy
    first = split(scheduler, "tests/api/test_search.py::test_one")
    second = split(scheduler, "tests/api/test_search.py::test_two")
    assert len({soak, first, second}) == 3
