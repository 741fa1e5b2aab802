"""The official Python client's Insights and Analytics clients (algoliasearch v4) against `instantsearch serve`:
events pushed as the client sends them, then the Analytics API's answers read through the client's own
response models (a member missing or of the wrong type fails there). Called by python_client.py."""
import json

from algoliasearch.analytics.client import AnalyticsClientSync
from algoliasearch.analytics.config import AnalyticsConfig
from algoliasearch.http.exceptions import RequestException
from algoliasearch.http.hosts import Host, HostsCollection
from algoliasearch.insights.client import InsightsClientSync
from algoliasearch.insights.config import InsightsConfig


def clients(port, key):
    hosts = HostsCollection([Host("127.0.0.1", scheme="http", port=port)])
    insights_config = InsightsConfig("CONFORMANCE", key)
    insights_config.hosts = hosts
    analytics_config = AnalyticsConfig("CONFORMANCE", key)
    analytics_config.hosts = hosts
    return (InsightsClientSync.create_with_config(config=insights_config),
            AnalyticsClientSync.create_with_config(config=analytics_config))


def insights_and_analytics(port, key, search, index, check):
    """Tracked searches, a click and a purchase through the clients; the analytics then count them."""
    insights, analytics = clients(port, key)
    found = search.search_single_index(index, {"query": "hat", "clickAnalytics": True,
                                               "analyticsTags": ["conformance"], "userToken": "py-user"})
    query_id = found.query_id
    check(query_id and len(query_id) == 32, "a search with clickAnalytics answers a queryID")
    search.search_single_index(index, {"query": "nothing at all here", "analyticsTags": ["conformance"]})
    answer = insights.push_events({"events": [
        {"eventType": "click", "eventName": "Hit Clicked", "index": index, "userToken": "py-user",
         "objectIDs": ["3"], "positions": [1], "queryID": query_id},
        {"eventType": "conversion", "eventSubtype": "purchase", "eventName": "Bought", "index": index,
         "userToken": "py-user", "objectIDs": ["3"], "queryID": query_id,
         "objectData": [{"price": 19.5, "quantity": 1}], "value": 19.5, "currency": "USD"},
    ]})
    check(answer.status == 200 and answer.message == "OK", "push_events answers status 200, OK")
    try:
        insights.push_events({"events": [{"eventType": "click", "eventName": "x", "index": index,
                                          "userToken": "not valid!", "objectIDs": ["3"]}]})
        check(False, "push_events refuses an event with a wrong userToken")
    except RequestException as error:
        check(error.status_code == 422, "push_events: a 422 for a wrong userToken, as the Insights API answers")

    # The client's oneOf reads a response with click analytics as the plain one (its members are a
    # superset), so the click members are read from the raw answer.
    top = analytics.get_top_searches_with_http_info(index=index, click_analytics=True, tags="conformance")
    rows = {row["search"]: row for row in json.loads(top.raw_data)["searches"]}
    check(rows["hat"]["trackedSearchCount"] == 1 and rows["hat"]["clickCount"] == 1,
          "get_top_searches with clickAnalytics counts the tracked search and its click")
    plain = analytics.get_top_searches(index=index, tags="conformance").actual_instance.searches
    check({row.search for row in plain} == {"hat", "nothing at all here"}, "get_top_searches by tag")
    check(analytics.get_searches_count(index=index, tags="conformance").count == 2, "get_searches_count")
    no_results = analytics.get_searches_no_results(index=index).searches
    check(any(row.search == "nothing at all here" for row in no_results), "get_searches_no_results")
    check(analytics.get_no_results_rate(index=index, tags="conformance").no_result_count == 1, "get_no_results_rate")
    ctr = analytics.get_click_through_rate(index=index)
    check(ctr.click_count >= 1 and ctr.rate is not None, "get_click_through_rate")
    check(analytics.get_average_click_position(index=index).average is not None, "get_average_click_position")
    check(analytics.get_conversion_rate(index=index).conversion_count >= 1, "get_conversion_rate")
    check(analytics.get_purchase_rate(index=index).purchase_count >= 1, "get_purchase_rate")
    check(analytics.get_add_to_cart_rate(index=index).add_to_cart_count == 0, "get_add_to_cart_rate")
    revenue = analytics.get_revenue(index=index)
    check(revenue.currencies["USD"].revenue >= 19.5, "get_revenue sums the purchases' value")
    check(len(analytics.get_click_positions(index=index).positions) == 12, "get_click_positions")
    check(analytics.get_users_count(index=index).count >= 1, "get_users_count")
    check(analytics.get_top_hits(index=index).actual_instance.hits, "get_top_hits")
    analytics.get_top_filter_attributes(index=index)
    analytics.get_top_filter_for_attribute(attribute="brand", index=index)
    analytics.get_top_filters_no_results(index=index)
    analytics.get_searches_no_clicks(index=index)
    analytics.get_no_click_rate(index=index)
    check(analytics.get_status(index=index).updated_at, "the filter, no-click and status methods read")
    insights.delete_user_token("py-user")
    after = analytics.get_top_searches(index=index, tags="conformance").actual_instance.searches
    check(all(row.search != "hat" for row in after), "delete_user_token forgets the user's searches")
